// `npm run words`: the built page in Chromium at 1280x900, script on, nothing opened. Prints the
// visible words of each main-path section outside its figures, the minutes at 230 words a minute,
// the words before the takeaways, the share of words carrying a numeral, every sentence over 40
// words, and each figure's caption length, visible settings and what it says to look for.
import { launchChromium } from './chromium.mjs';
import { startPreview } from './preview.mjs';
import { measureWords, summarise, WORDS_PER_MINUTE } from './words-measure.mjs';

const port = Number(process.env.WORDS_PORT) || 4197;
const browser = await launchChromium();
const server = await startPreview(port);
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(server.url);
  await page.waitForLoadState('load');
  const { sections } = await measureWords(page);
  const s = summarise(sections);
  console.table(
    sections.map((x) => ({ section: x.id, words: x.words, minutes: +(x.words / WORDS_PER_MINUTE).toFixed(1), numerals: x.numerals, 'over 40': x.long.length })),
  );
  console.log(`main path: ${s.words} words, ${s.minutes.toFixed(1)} minutes at ${WORDS_PER_MINUTE} wpm`);
  console.log(`before the takeaways: ${s.beforeTakeaways} words`);
  console.log(`numeral share: ${(s.numeralShare * 100).toFixed(2)}% (at most 3%)`);
  console.log(`sentences over 40 words: ${s.long.length}${s.long.length ? ` (longest ${Math.max(...s.long.map((l) => l.words))})` : ''}`);
  for (const l of s.long) console.log(`  [${l.section}] ${l.words}: ${l.text.slice(0, 110)}…`);
  console.table(s.figures.map((f) => ({ figure: f.id, caption: f.captionWords, settings: f.settings, 'look for': f.lookFor ? f.lookFor.slice(0, 70) : '—' })));
} finally {
  await browser.close();
  server.stop();
}
