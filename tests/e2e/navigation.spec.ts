import { expect, test } from '@playwright/test';
import { SECTION_IDS, watch } from './helpers';

test('the theme toggle switches and survives a reload', async ({ page }) => {
  const problems = watch(page);
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('./');
  const toggle = page.getByRole('button', { name: /dark theme/i });
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  const bg = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const lightBg = await bg();

  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  expect(await bg()).not.toBe(lightBg);

  await page.reload();
  await expect(page.getByRole('button', { name: /dark theme/i })).toHaveAttribute('aria-pressed', 'true');
  expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
  expect(await bg()).not.toBe(lightBg);
  expect(problems).toEqual([]);
});

test('each contents link lands on its section and marks it', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('./');
  const nav = page.getByRole('navigation', { name: 'Contents' });
  for (const id of SECTION_IDS) {
    const link = nav.locator(`a[href="#${id}"]`);
    await link.click();
    await expect(page).toHaveURL(new RegExp(`#${id}$`));
    await expect(page.locator(`section#${id} h2`)).toBeInViewport();
    await expect(link).toHaveAttribute('aria-current', 'location');
  }
});

test('the contents are reachable by keyboard', async ({ page }) => {
  await page.goto('./');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to the essay' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#main$/);
});

test('a contents link lands on its section when a section above it grows during the scroll', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('./');
  // As a figure drawn taller than its frame while the page scrolls past it: the first scroll
  // after the press adds 400 px to the section before the target.
  await page.evaluate(() => {
    addEventListener(
      'scroll',
      () => {
        const block = document.createElement('div');
        block.style.height = '400px';
        document.getElementById('forget')!.append(block);
      },
      { once: true },
    );
  });
  const link = page.getByRole('navigation', { name: 'Contents' }).locator('a[href="#chunking"]');
  await link.click();
  await expect(page).toHaveURL(/#chunking$/);
  const section = page.locator('section#chunking');
  const margin = await section.evaluate((el) => Number.parseFloat(getComputedStyle(el).scrollMarginTop) || 0);
  await expect
    .poll(() => section.evaluate((el) => Math.round(el.getBoundingClientRect().top)), 'the section’s top, in px from the window’s')
    .toBe(Math.round(margin));
  await expect(link).toHaveAttribute('aria-current', 'location');
});
