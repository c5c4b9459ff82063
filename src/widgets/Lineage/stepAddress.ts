/**
 * Where a step of the lineage lives in the page's address: #lineage-step-N (1-based), the id of
 * its card, which the page answers with or without script. Links shared before the ladder opened
 * steps in place carried ?step=N instead; these are read and mapped to the new address.
 */

/** The id of step `index`'s card (0-based index), and the fragment that opens it. */
export const stepAnchor = (index: number) => `lineage-step-${index + 1}`;

/** The figure's own anchor: the address of the ladder with no step open. */
export const LADDER_ANCHOR = 'lineage-figure';

/** A whole number 1..count as written in an address, as a 0-based index; anything else is null. */
function stepNumber(raw: string | null | undefined, count: number): number | null {
  if (raw == null || !/^\d{1,3}$/.test(raw)) return null;
  const n = Number(raw);
  return n >= 1 && n <= count ? n - 1 : null;
}

/** The step a fragment opens, or null for any other fragment. */
export function stepFromHash(hash: string, count: number): number | null {
  return stepNumber(/^#lineage-step-(\d+)$/.exec(hash)?.[1], count);
}

/**
 * What an older link's ?step=N asks for: null where the address holds none, or where its
 * fragment names another place (the parameter is then left alone). Else the step (null for a
 * number the lineage lacks, which opens nothing), and whether the link named the lineage, so
 * the page goes to the step; with no fragment the reader is left where they are.
 */
export function legacyStep(search: string, hash: string, count: number): { index: number | null; scroll: boolean } | null {
  const raw = new URLSearchParams(search).get('step');
  if (raw === null || !['', '#lineage', `#${LADDER_ANCHOR}`].includes(hash)) return null;
  return { index: stepNumber(raw, count), scroll: hash !== '' };
}

/** The query string without the old step parameter, every other parameter kept. */
export function withoutStep(search: string): string {
  const params = new URLSearchParams(search);
  params.delete('step');
  const text = params.toString();
  return text ? `?${text}` : '';
}
