/** The page in reading order: ids are URL anchors, widget ids and test names. */
import { chunkingFacts } from '../content/chunking';
import { span } from '../format';

/** The chunk sizes the cost model picks among powers of two, smallest to largest (src/content/chunking.ts). */
const winners = chunkingFacts().powerOfTwoWinners;

/** The essay's title: the page's heading, its head tags and its citation. */
export const TITLE = 'Every architectural step is an eviction policy';

export const SECTIONS = [
  { id: 'scale', title: 'Twenty-two thousand GPT-2s' },
  { id: 'lineage', title: 'Seven steps, each answering the last' },
  { id: 'forget', title: 'Watch a state forget' },
  { id: 'chunking', title: `Why the cost model picks chunks of ${span([winners[0]!, winners[winners.length - 1]!])}, not 1` },
  { id: 'shipping', title: 'The same two questions, in everything shipping now' },
  { id: 'takeaways', title: 'What the whole chain says' },
  { id: 'verify', title: 'What to verify' },
  { id: 'corrections', title: 'Where this page departs from its sources’ accounts' },
  { id: 'credit', title: 'Where this came from' },
  { id: 'appendix', title: 'Appendix: updates, glossary, references, reuse' },
] as const;

export type SectionId = (typeof SECTIONS)[number]['id'];

export function sectionTitle(id: SectionId): string {
  const found = SECTIONS.find((s) => s.id === id);
  if (!found) throw new Error(`unknown section ${id}`);
  return found.title;
}
