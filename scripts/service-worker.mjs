// The page's service worker, written into a finished build: it precaches every file the build
// holds (the page, its styles, fonts, figures' code and props, the data downloads), named by a
// version that is a hash of those files, so any change to the build makes a new worker that
// replaces the old cache. The page is fetched from the network first, and from the cache only
// when the network fails; hashed assets come from the cache. A navigation with `?download`
// (src/app/offline.ts) is answered as an attachment, so the browser saves it.
import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

export const WORKER_FILE = 'sw.js';
/** Files a build holds that the page never fetches (and every file's compressed copies, which a host serves in its place). */
const NOT_PRECACHED = new Set([WORKER_FILE, '_headers', 'robots.txt', 'social.png']);

/** @param {string} dir @returns {Promise<string[]>} the build's files, relative, sorted */
async function filesIn(dir, under = '') {
  const out = [];
  for (const entry of await readdir(path.join(dir, under), { withFileTypes: true })) {
    const rel = under ? `${under}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      if (entry.name.startsWith('.')) continue;
      out.push(...(await filesIn(dir, rel)));
    } else if (!NOT_PRECACHED.has(rel) && !/\.(br|gz)$/.test(rel)) out.push(rel);
  }
  return out.sort();
}

/**
 * The worker's source for a list of files and a version.
 * @param {{ version: string, files: string[] }} build
 */
export function serviceWorkerSource({ version, files }) {
  const urls = files.map((f) => (f === 'index.html' ? './' : `./${f}`));
  return `const VERSION=${JSON.stringify(version)};const FILES=${JSON.stringify(urls)};
${WORKER_BODY}`;
}

// Kept small (it loads after the page, but every byte is a reader's): plain script, no modules.
const WORKER_BODY = String.raw`const CACHE="essay-"+VERSION;
const HASHED=/\/assets\//;
self.addEventListener("install",e=>{e.waitUntil(caches.open(CACHE).then(c=>c.addAll(FILES.map(f=>new Request(f,{cache:HASHED.test(f)?"default":"no-cache"})))).then(()=>self.skipWaiting()))});
self.addEventListener("activate",e=>{e.waitUntil(caches.keys().then(keys=>Promise.all(keys.filter(k=>k.startsWith("essay-")&&k!==CACHE).map(k=>caches.delete(k)))).then(()=>self.clients.claim()))});
self.addEventListener("fetch",e=>{const r=e.request,u=new URL(r.url);
if(r.method!=="GET"||u.origin!==location.origin)return;
if(HASHED.test(u.pathname)){e.respondWith(caches.match(r).then(hit=>hit||fetch(r)));return}
const nav=r.mode==="navigate",key=nav?u.origin+u.pathname:r;
const save=res=>{if(!nav||!u.searchParams.has("download")||!res.ok)return res;const h=new Headers(res.headers);h.set("Content-Disposition",'attachment; filename="'+u.pathname.split("/").pop()+'"');return new Response(res.body,{status:res.status,headers:h})};
e.respondWith(fetch(r).then(res=>{if(res.ok&&res.type==="basic"){const copy=res.clone();caches.open(CACHE).then(c=>c.put(key,copy))}return res},
()=>caches.match(key).then(hit=>hit||(nav&&/\/(index\.html)?$/.test(u.pathname)?caches.match("./"):undefined)).then(hit=>hit||Response.error())).then(save))});
`;
/**
 * Writes dist/sw.js for the build in `dir`.
 * @param {string} dir
 * @returns {Promise<{ version: string, files: string[], bytes: number }>}
 */
export async function writeServiceWorker(dir) {
  const files = await filesIn(dir);
  const hash = createHash('sha256');
  for (const f of files) {
    hash.update(f);
    hash.update('\0');
    hash.update(await readFile(path.join(dir, f)));
    hash.update('\0');
  }
  const version = hash.digest('hex').slice(0, 16);
  const source = serviceWorkerSource({ version, files });
  await writeFile(path.join(dir, WORKER_FILE), source);
  return { version, files, bytes: Buffer.byteLength(source) };
}
