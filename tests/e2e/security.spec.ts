/**
 * The built page as a host that honours dist/_headers serves it (scripts/serve.mjs): its policy
 * enforced twice (header and meta), every figure hydrated and driven once in each theme, and not
 * one violation, console error or failed request.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { serveBuild } from '../../scripts/serve.mjs';
import { openDoors, watch, type Figure, untilHydrated } from './helpers';

const FIGURES: Figure[] = ['lineage', 'forget', 'lab', 'chunking', 'shipping', 'memory', 'k3Memory', 'evidence', 'recall'];

let site: Awaited<ReturnType<typeof serveBuild>>;
test.beforeAll(async () => {
  site = await serveBuild({ dir: 'dist' });
});
test.afterAll(async () => {
  await site.close();
});
test.use({ serviceWorkers: 'allow' });

/** Records every policy violation the page reports, from before its first script. */
async function recordViolations(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { violations: string[] }).violations = seen;
    document.addEventListener('securitypolicyviolation', (e) => {
      seen.push(`${e.effectiveDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile}:${e.lineNumber} ${e.sample}`);
    });
  });
}
const violations = (page: Page) => page.evaluate(() => (window as unknown as { violations: string[] }).violations);

/** One action on each kind of control in a figure: a slider, a select, a button. */
async function drive(page: Page, figure: Figure) {
  const island = page.locator(`[data-island="${figure}"]`);
  // Controls in a fold are driven too: every fold the reader can see is opened first.
  const closed = island.locator('details:not([open]) > summary').filter({ visible: true });
  for (let n = await closed.count(); n > 0; n--) await closed.first().click();
  const slider = island.locator('input[type="range"]').first();
  if (await slider.count()) {
    await slider.focus();
    await page.keyboard.press('ArrowRight');
  }
  const select = island.locator('select').first();
  if (await select.count()) {
    const values = await select.locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
    await select.selectOption(values.at(-1)!);
  }
  // The memory figure's model names are buttons too (its chart's legend): the one driven there is its config reader's.
  const button = island.locator('button:enabled:not(.mem-bar-name)').first();
  if (await button.count()) await button.click();
}

// In one theme, then the other by the page's own switch: a policy judges scripts, styles and
// connections, which the themes leave alone (they differ in colours only: tests/build/themes.test.ts).
test('under its policy every figure hydrates and responds with no violation, in the dark theme and after the switch to light', async ({ page }) => {
  await recordViolations(page);
  const problems = watch(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  const response = await page.goto(site.url);
  expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  for (const figure of FIGURES) {
    const island = page.locator(`[data-island="${figure}"]`);
    await openDoors(island);
    await island.scrollIntoViewIfNeeded();
    await untilHydrated(island);
    await drive(page, figure);
  }
  // The lab's worker and the memory figure's config reader, both fetched on demand from the page's origin, ran.
  await expect(page.locator('#lab-figure .lab-progress')).toHaveText(/^Stopped after \d+ of 8 streams\.$/);
  await expect(page.locator('#memory-figure .mem-config-answer')).toHaveText('Nothing was drawn. The paste is empty.');
  // The theme switch, the one control outside the figures.
  await page.getByRole('button', { name: /theme/i }).first().click();
  await page.waitForTimeout(300);
  expect(await violations(page)).toEqual([]);
  expect(problems).toEqual([]);
});

test('the policy allows exactly the inline scripts the page holds, and the meta policy is the header’s', async ({ page }) => {
  const response = await page.goto(site.url);
  const header = response!.headers()['content-security-policy']!;
  const meta = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
  expect(meta).toBe(header.replace("; frame-ancestors 'none'", ''));
  // The browser's own reading of the page, hashed here: every inline script, and nothing else.
  const inline = await page.locator('script:not([src])').evaluateAll((ss) => ss.map((s) => s.textContent ?? ''));
  expect(inline.length).toBeGreaterThan(0);
  const hashes = inline.map((text) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`);
  const allowed = header.match(/script-src[^;]*/)![0].match(/'sha256-[^']+'/g) ?? [];
  expect(allowed.sort()).toEqual(hashes.sort());
  // The same for styles: the page's stylesheets stand in its head, each allowed by its hash.
  const styles = await page.locator('style').evaluateAll((ss) => ss.map((s) => s.textContent ?? ''));
  expect(styles.length).toBeGreaterThan(0);
  const styleHashes = styles.map((text) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`);
  expect((header.match(/style-src[^;]*/)![0].match(/'sha256-[^']+'/g) ?? []).sort()).toEqual(styleHashes.sort());
  // And the styles took: the page is laid out by them, not by the browser's defaults.
  expect(await page.locator('.site-header').evaluate((el) => getComputedStyle(el).display)).not.toBe('block');
  expect(header).not.toContain('unsafe-inline');
  expect(header).not.toContain('unsafe-eval');
  // Nothing in the page's markup carries a style attribute for the policy to block.
  expect(await page.locator('[style]').count()).toBe(0);
});

/** Opens the page served with one piece of its markup replaced, recording policy violations. */
async function openTampered(page: Page, from: string, to: string) {
  await recordViolations(page);
  await page.route(site.url, async (route) => {
    const res = await route.fetch();
    await route.fulfill({ response: res, body: (await res.text()).replace(from, to) });
  });
  await page.goto(site.url);
}

test('a tampered inline script is refused', async ({ page }) => {
  // The same page with the theme script changed by one character: its hash no longer matches.
  await openTampered(page, "localStorage.getItem('theme')", "localStorage.getItem('thema')");
  expect(await page.evaluate(() => document.documentElement.classList.contains('js'))).toBe(false);
  expect((await violations(page)).some((v) => v.startsWith('script-src'))).toBe(true);
});

test('a tampered inline stylesheet is refused', async ({ page }) => {
  // The same page with its first stylesheet changed: its hash no longer matches.
  await openTampered(page, '<style>', '<style>/**/');
  expect((await violations(page)).some((v) => v.startsWith('style-src'))).toBe(true);
  expect(await page.locator('.site-header').evaluate((el) => getComputedStyle(el).display)).toBe('block');
});

test('each kind of file carries its security and cache headers', async ({ request }) => {
  const html = await request.get(site.url);
  const font = (await html.text()).match(/url\(\.\/(assets\/KaTeX_[^)]+\.woff2)\)/)![1]!;
  const checks: [string, RegExp][] = [
    ['', /max-age=0, must-revalidate/],
    ['index.html', /max-age=0, must-revalidate/],
    [font, /max-age=31536000, immutable/],
    ['data/architectures.csv', /max-age=300, must-revalidate/],
    ['islands/forget.json', /max-age=0, must-revalidate/],
    ['sw.js', /no-cache/],
  ];
  for (const [file, cache] of checks) {
    const res = await request.get(site.url + file);
    expect(res.status(), file).toBe(200);
    const h = res.headers();
    expect(h['cache-control'], file).toMatch(cache);
    expect(h['x-content-type-options'], file).toBe('nosniff');
    expect(h['referrer-policy'], file).toBe('no-referrer');
    expect(h['permissions-policy'], file).toContain('camera=()');
    expect(h['content-security-policy'], file).toContain("default-src 'none'");
  }
});

test('the page cannot be framed by another site', async ({ page }) => {
  await page.goto('about:blank');
  await page.setContent(`<iframe src="${site.url}" title="framed"></iframe>`);
  await page.waitForTimeout(1000);
  const frame = page.frames().find((f) => f.url().startsWith(site.url));
  const heading = frame
    ? await frame
        .locator('h1')
        .count()
        .catch(() => 0)
    : 0;
  expect(heading).toBe(0);
});

test('every link that opens a new window opens it without a handle back; every external link is https', async ({ page }) => {
  await page.goto(site.url);
  const links = await page
    .locator('a[href]')
    .evaluateAll((as) => as.map((a) => ({ href: (a as HTMLAnchorElement).href, target: a.getAttribute('target'), rel: a.getAttribute('rel') ?? '' })));
  const external = links.filter((l) => !l.href.startsWith(site.url));
  expect(external.length).toBeGreaterThan(10);
  expect(external.filter((l) => !l.href.startsWith('https:')).map((l) => l.href)).toEqual([]);
  expect(links.filter((l) => l.target === '_blank' && !/\bnoopener\b/.test(l.rel)).map((l) => l.href)).toEqual([]);
});

test('the deploy doc’s nginx snippet sends the headers the build’s _headers file does', async ({ request }) => {
  const doc = readFileSync('docs/deploy.md', 'utf8');
  const nginx = doc.slice(doc.indexOf('```nginx'), doc.indexOf('```', doc.indexOf('```nginx') + 3));
  const sent = (await request.get(site.url)).headers();
  // The policy's hashes follow the theme script and the stylesheets, so they change with any
  // style: the snippet shows where each stands, and says to take the built file's line.
  const elided = (policy: string) => policy.replace(/'sha256-[^']+'/g, "'sha256-…'");
  for (const name of ['Content-Security-Policy', 'X-Content-Type-Options', 'Referrer-Policy', 'Permissions-Policy', 'Cross-Origin-Opener-Policy']) {
    const line = new RegExp(`add_header ${name} "([^"]*)" always;`).exec(nginx);
    const expected = name === 'Content-Security-Policy' ? elided(sent[name.toLowerCase()]!) : sent[name.toLowerCase()];
    expect(line?.[1], name).toBe(expected);
  }
  expect(nginx).toContain('dist/_headers');
  for (const [location, file] of [
    ['location /assets/', 'assets/'],
    ['location /data/', 'data/architectures.csv'],
    ['location = /sw.js', 'sw.js'],
  ] as const) {
    const block = nginx.slice(nginx.indexOf(location));
    const cache = /add_header Cache-Control "([^"]*)"/.exec(block)?.[1];
    const path = file.endsWith('/') ? `${file}${readdirSync(`dist/${file}`).find((f) => f.endsWith('.js'))}` : file;
    expect(cache, location).toBe((await request.get(site.url + path)).headers()['cache-control']);
  }
});
