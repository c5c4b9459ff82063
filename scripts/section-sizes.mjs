// Shared by scripts/measure-sections.mjs and its test: each section's content height, laid
// out in full (nothing skipped), with its fonts loaded, under the same containment it has
// when skipping (so its children's margins stay inside it, as they do then).

/**
 * The window widths the sizes are measured at, each used from its width up to the next
 * (styles/print-and-paint.css has one rule per width). From 864 px up the essay's column has
 * its full width, so the last one holds for every wider window.
 */
export const SIZE_WIDTHS = [360, 390, 412, 480, 560, 640, 700, 780, 864];

/** @param {import('@playwright/test').Page} page */
export async function measureSections(page) {
  // Set through the CSSOM: the page's policy refuses a style element it did not ship.
  await page.evaluate(() => {
    for (const s of document.querySelectorAll('.section + .section')) {
      s.style.setProperty('content-visibility', 'visible', 'important');
      s.style.setProperty('contain', 'layout style paint');
    }
    return document.fonts.ready;
  });
  return page.evaluate(() => {
    const out = {};
    for (const s of document.querySelectorAll('section.section')) {
      const style = getComputedStyle(s);
      out[s.id] = Math.round(s.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom));
    }
    return out;
  });
}
