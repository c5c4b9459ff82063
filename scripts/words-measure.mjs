// Shared by scripts/words.mjs and tests/e2e/essay.spec.ts: what a reader sees of the essay with
// nothing opened, counted in the page itself. A word is a run of non-space characters holding a
// letter or a digit; text counts when it is rendered and not inside a figure, a closed fold, a
// screen-reader-only box or a width template. Sections far from the screen are laid out first,
// as measure-sections does, so their text is seen as it would be when scrolled to.

/** The main path: the opening to "What to verify", in reading order. */
export const MAIN_PATH = ['scale', 'lineage', 'forget', 'chunking', 'shipping', 'takeaways', 'verify'];
/** The section the words before the takeaways are counted up to. */
export const TAKEAWAYS = 'takeaways';
export const WORDS_PER_MINUTE = 230;

/** @param {import('@playwright/test').Page} page */
export async function measureWords(page) {
  await page.evaluate(() => {
    for (const s of document.querySelectorAll('section.section')) s.style.setProperty('content-visibility', 'visible', 'important');
    return document.fonts.ready;
  });
  return page.evaluate(
    ({ mainPath }) => {
      const HIDDEN = 'figure, .visually-hidden, .sr-box, .steady-template, .katex-mathml, script, style, template, .copy-line, [aria-hidden="true"]';
      const BLOCK = 'p, li, h1, h2, h3, h4, dt, dd, td, th, caption, summary, blockquote, figcaption, pre';
      const shown = (el) => el.checkVisibility({ visibilityProperty: true, contentVisibilityAuto: false });
      const words = (text) => text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w));
      /** Visible text of `root`, block by block, leaving out what `skip` matches. */
      const blocks = (root, skip) => {
        const out = new Map();
        const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const parent = node.parentElement;
          if (!parent || (skip && parent.closest(skip)) || !shown(parent)) continue;
          const block = parent.closest(BLOCK) ?? parent;
          out.set(block, (out.get(block) ?? '') + node.textContent);
        }
        return [...out.values()].map((t) => t.replace(/\s+/g, ' ').trim()).filter(Boolean);
      };
      const sentences = (text) => text.split(/(?<=[.!?:;]["”’)]?)\s+(?=[“"(]?[A-Z])/).filter((s) => words(s).length > 0);
      const sections = [];
      for (const id of mainPath) {
        const section = document.getElementById(id);
        if (!section) continue;
        const text = blocks(section, HIDDEN);
        if (id === mainPath[0]) {
          const head = [...document.querySelectorAll('main > h1, main > .dek, main > .byline')].flatMap((el) => blocks(el, HIDDEN));
          text.unshift(...head);
        }
        const all = text.flatMap(words);
        const long = text
          .flatMap(sentences)
          .map((s) => ({ words: words(s).length, text: s }))
          .filter((s) => s.words > 40);
        const figures = [...section.querySelectorAll('figure')].filter(shown).map((figure) => {
          const caption = figure.querySelector(':scope > figcaption');
          const settings = [...figure.querySelectorAll('input:not([type=hidden]), select, textarea, button.select-stand-in')].filter(
            (el) => shown(el) && !el.closest('details:not([open])'),
          );
          const lookFor = figure.querySelector('.look-for');
          return {
            id: figure.id,
            captionWords: caption ? blocks(caption, HIDDEN.replace('figure, ', '')).flatMap(words).length : 0,
            settings: settings.length,
            lookFor: lookFor && shown(lookFor) ? lookFor.textContent.replace(/\s+/g, ' ').trim() : null,
          };
        });
        sections.push({
          id,
          words: all.length,
          numerals: all.filter((w) => /\p{N}/u.test(w)).length,
          long,
          figures,
        });
      }
      const title = document.querySelector('main h1');
      return { sections, titleTop: title ? title.getBoundingClientRect().top + window.scrollY : null, viewportHeight: window.innerHeight };
    },
    { mainPath: MAIN_PATH },
  );
}

/** Totals over the main path from measureWords' sections. */
export function summarise(sections) {
  const words = sections.reduce((n, s) => n + s.words, 0);
  const numerals = sections.reduce((n, s) => n + s.numerals, 0);
  const end = sections.findIndex((s) => s.id === TAKEAWAYS);
  const beforeTakeaways = sections.slice(0, end < 0 ? sections.length : end).reduce((n, s) => n + s.words, 0);
  return {
    words,
    minutes: words / WORDS_PER_MINUTE,
    beforeTakeaways,
    numeralShare: words ? numerals / words : 0,
    long: sections.flatMap((s) => s.long.map((l) => ({ section: s.id, ...l }))),
    figures: sections.flatMap((s) => s.figures.map((f) => ({ section: s.id, ...f }))),
  };
}
