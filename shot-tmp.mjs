import { chromium } from '@playwright/test';
const [,, sel='#shipping-memory', name='mem', search=''] = process.argv;
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu'] });
for (const w of [1280, 390]) for (const theme of ['light','dark']) {
  const p = await b.newPage({ viewport: { width: w, height: 900 }, colorScheme: theme });
  const errs=[]; p.on('console', m => { if (m.type()==='error'||m.type()==='warning') errs.push(m.text()); }); p.on('pageerror', e=>errs.push(e.message));
  await p.goto(`http://127.0.0.1:4180/${search}`);
  const el = p.locator(sel).first();
  await el.scrollIntoViewIfNeeded();
  await p.waitForTimeout(1500);
  const box = await el.boundingBox();
  console.log(w, theme, 'height', box?.height, 'overflow', await p.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), errs);
  await el.screenshot({ path: `/tmp/shots/${name}-${w}-${theme}.png` });
  await p.close();
}
await b.close();
