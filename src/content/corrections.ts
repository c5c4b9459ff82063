/**
 * Where this page departs from the usual account (data/corrections.json), with each correction's
 * figures filled from the data and the maths, so the list can never disagree with the page.
 */
import { z } from 'zod';
import raw from '../../data/corrections.json';
import { integer, span } from '../format';
import { architectures, KIMI_LINEAR_ID, k3Facts, model, required } from './architectures';
import { chunkingFacts } from './chunking';
import { comparisons } from './comparisons';
import { favours } from '../core/evidence';
import { httpsUrl } from './figure';
import { lineage } from './lineage';
import { DataError, parseData } from './validate';

export const CORRECTIONS_FILE = 'data/corrections.json';

const PLACEHOLDERS = [
  'k3.linearLayers',
  'k3.fullAttentionLayers',
  'k3.layers',
  'k3.depthSummaryEvery',
  'chunking.range',
  'chunking.usuallyQuoted',
  'chunking.flaDefault',
  'chunking.flashKda',
  'hybrid.ratio',
  'kimiLinear.linearLayers',
  'kimiLinear.fullAttentionLayers',
  'kimiLinear.layers',
  'olmo.hybrid',
  'olmo.baseline',
  'minimax.wins',
  'minimax.results',
] as const;
type Placeholder = (typeof PLACEHOLDERS)[number];

/** A name with a digit in it, such as GPT-2 or K3: not a figure. */
const MODEL_NAME = /\b[A-Za-z][A-Za-z.]*-?\d[\w.]*/g;

/** Text that names figures only as {placeholders}: a digit typed here could drift from the data. */
const templated = z
  .string()
  .min(1)
  .refine((s) => [...s.matchAll(/\{([^{}]*)\}/g)].every((m) => (PLACEHOLDERS as readonly string[]).includes(m[1]!)), {
    message: `names an unknown figure; use one of ${PLACEHOLDERS.map((p) => `{${p}}`).join(', ')}`,
  })
  .refine((s) => !/\d/.test(s.replace(/\{[^{}]*\}/g, '').replace(MODEL_NAME, '')), { message: 'types a number: name it as a {placeholder} instead' });

const correctionSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9-]+$/),
  date: z.iso.date(),
  /** The id of the element on the page that says it right, or lineage:<step id> for a step of the lineage. */
  corrects: z.string().regex(/^(lineage:)?[a-z0-9-]+$/, { message: 'names an element id, or lineage:<step id>' }),
  /** What is usually said, and where: every entry names who says it. */
  usual: z.strictObject({ text: z.string().min(1), source: httpsUrl }),
  correction: templated,
  sources: z.array(httpsUrl).min(1),
});

const correctionsSchema = z.strictObject({ $comment: z.string().optional(), corrections: z.array(correctionSchema).min(1) });

export type Corrections = z.output<typeof correctionsSchema>;

export function parseCorrections(json: unknown, file = CORRECTIONS_FILE): Corrections {
  return parseData(correctionsSchema, json, file);
}

function values(): Record<Placeholder, string> {
  const k3 = k3Facts();
  const c = chunkingFacts();
  const kl = model(KIMI_LINEAR_ID, architectures);
  const cycle = lineage.hybridCycle.value;
  const linear = cycle.filter((k) => k === 'kda').length;
  const study = (id: string) => {
    const found = comparisons.studies.find((x) => x.id === id);
    if (!found) throw new Error(`data/comparisons.json has no study "${id}", which data/corrections.json names`);
    return found;
  };
  const olmo = study('olmo-hybrid').results[0]!;
  const minimax = study('minimax-01').results;
  return {
    'k3.linearLayers': integer(k3.linearLayers),
    'k3.fullAttentionLayers': integer(k3.fullAttentionLayers),
    'k3.layers': integer(k3.layers),
    'k3.depthSummaryEvery': integer(k3.depthSummaryEvery),
    'chunking.range': span([c.powerOfTwoWinners[0]!, c.powerOfTwoWinners[c.powerOfTwoWinners.length - 1]!]),
    'chunking.usuallyQuoted': integer(c.usuallyQuoted),
    'chunking.flaDefault': integer(c.flaDefault),
    'chunking.flashKda': integer(c.flashKda),
    'hybrid.ratio': `${linear}:${cycle.length - linear}`,
    'kimiLinear.linearLayers': integer(required(kl, 'linearLayers')),
    'kimiLinear.fullAttentionLayers': integer(required(kl, 'fullAttentionLayers')),
    'kimiLinear.layers': integer(required(kl, 'layers')),
    'olmo.hybrid': olmo.hybrid!.toFixed(olmo.digits),
    'olmo.baseline': olmo.baseline!.toFixed(olmo.digits),
    'minimax.wins': integer(minimax.filter((r) => favours(r) === 'hybrid').length),
    'minimax.results': integer(minimax.length),
  };
}

export interface Correction {
  id: string;
  date: string;
  corrects: string;
  /** The id of the element on the page that says it right. */
  anchor: string;
  /** Where a link to it goes: the element; for a lineage step, its card, which the link opens. */
  href: string;
  usual: { text: string; source: string };
  /** With every figure filled in. */
  correction: string;
  sources: string[];
}

/** A lineage step's place in the chain, 1-based as its card's id (#lineage-step-N) counts it. */
function stepNumber(stepId: string, file: string, entry: number, id: string): number {
  const i = lineage.steps.findIndex((s) => s.id === stepId);
  if (i < 0) {
    throw new DataError(
      `Invalid data file ${file}\n${file}: entry corrections[${entry}] "${id}", field corrects: names the lineage step "${stepId}", which data/lineage.json lacks`,
    );
  }
  return i + 1;
}

export function corrections(data: Corrections = parseCorrections(raw), file = CORRECTIONS_FILE): Correction[] {
  const v = values();
  return data.corrections.map((c, i) => {
    const step = c.corrects.startsWith('lineage:') ? stepNumber(c.corrects.slice('lineage:'.length), file, i, c.id) : null;
    return {
      ...c,
      anchor: step === null ? c.corrects : `lineage-step-${step}`,
      href: `#${step === null ? c.corrects : `lineage-step-${step}`}`,
      correction: c.correction.replace(/\{([^{}]*)\}/g, (_, name: Placeholder) => v[name]),
    };
  });
}

/** The corrections of one source's account: those whose usual wording it is quoted from. */
export function correctionsFrom(source: string, list: Correction[] = corrections()): Correction[] {
  return list.filter((c) => c.usual.source === source);
}
