/**
 * The shape of data/architectures.json. Every figure carries its status and source; a missing
 * figure says what we know of it ("not published", "not found", "none") in its own right,
 * never as a missing field. Shares are derived in ./architectures.ts and ./shipping/shares.ts,
 * so the strict schema refuses a stored one.
 */
import { z } from 'zod';
import { httpsUrl, sourced } from './figure';
import { layerReadsIssues, READS_NOTHING } from './layerReads';

export const NOT_PUBLISHED = 'not published' as const;
export const NOT_FOUND = 'not found' as const;
export const NONE = 'none' as const;

/**
 * The lab's own word, its released config, a third party, arithmetic on sourced figures, a
 * predecessor's figure, or one the source hedges.
 */
export const FIGURE_STATUSES = ['official', 'config', 'secondary', 'derived', 'inherited', 'approximate'] as const;

/** The statuses a reader sees as a word beside the figure, or in its place, each with what it means. */
export const STATUS_WORDS = {
  [NOT_PUBLISHED]: 'the lab’s own documents were read and give no figure',
  [NOT_FOUND]: 'the sources we read did not settle it; the model’s note says which were read',
  [NONE]: 'the model has none',
  inherited: 'published for the predecessor the model is built on',
  approximate: 'the source gives it as approximate',
} as const;
export type StatusWord = keyof typeof STATUS_WORDS;

/** Whether a figure is missing, and so carries a status word instead of a value. */
export const isMissing = (status: string): status is typeof NOT_PUBLISHED | typeof NOT_FOUND => status === NOT_PUBLISHED || status === NOT_FOUND;

/** A calendar date, or a month where only the month is published (both ISO 8601). */
function isIsoDate(s: string): boolean {
  const m = /^(\d{4})-(\d{2})(?:-(\d{2}))?$/.exec(s);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), m[3] === undefined ? 1 : Number(m[3])];
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}
const isoDate = z.string().refine(isIsoDate, { message: 'expected an ISO date (YYYY-MM-DD, or YYYY-MM when only the month is published)' });

const published = <T extends z.ZodType>(value: T) => sourced(value, FIGURE_STATUSES);

const notPublished = z.strictObject({
  value: z.literal(NOT_PUBLISHED),
  status: z.literal(NOT_PUBLISHED),
  source: httpsUrl.optional(),
  note: z.string().min(1).optional(),
});

/** Not found: the note must say what was read. */
const notFound = z.strictObject({
  value: z.literal(NOT_FOUND),
  status: z.literal(NOT_FOUND),
  source: httpsUrl.optional(),
  note: z.string().min(1),
});

/** A figure, or an explicit "not published" or "not found"; a missing one is named as such, not as "invalid". */
const orNotPublished = <T extends z.ZodType>(figure: T) =>
  z.union([figure, notPublished, notFound], {
    error: (issue) => (issue.input === undefined ? 'required: give the figure, or "not published" / "not found" when none was found' : undefined),
  });

/** The model has none of something: a count of 0 with its source. */
const noneFigure = z.strictObject({ value: z.literal(0), status: z.literal(NONE), source: httpsUrl, note: z.string().min(1).optional() });

const countFigure = orNotPublished(published(z.number().positive().finite()));
const countOrNone = z.union([published(z.number().positive().finite()), noneFigure, notPublished, notFound], {
  error: (issue) => (issue.input === undefined ? 'required: give the figure, "none", or "not published" / "not found"' : undefined),
});
/** How many layers read one kind of context: a whole number, or "not published" / "not found". */
const layerCount = z.union([published(z.number().int().positive()), notPublished, notFound], {
  error: () => 'give a whole, positive number of layers with its status and https source, or "not published" / "not found" with what is known',
});
const dateFigure = published(isoDate);
const textFigure = orNotPublished(published(z.string().min(1)));

/** The kinds of context a layer may read; a model lists every kind some of its layers use. */
const LAYER_READS = ['every token', 'a fixed-size state', 'a sliding window', 'selected tokens', 'compressed entries', READS_NOTHING] as const;
export type LayerRead = (typeof LAYER_READS)[number];

const EXPERT_FIELDS = ['expertsRouted', 'expertsActive', 'expertsShared'] as const;

/** A second published count where sources disagree (another port, a report, the language model alone). */
const alternativeSchema = z.strictObject({
  /** Whose count it is, as a phrase that can open a sentence: "for the language model alone". */
  what: z.string().min(1),
  totalParams: published(z.number().int().positive()),
  activeParams: published(z.number().int().positive()).optional(),
});

const modelSchema = z
  .strictObject({
    id: z.string().regex(/^[a-z0-9][a-z0-9.-]*$/, 'id must be lower-case letters, digits, dots and dashes'),
    name: z.string().min(1),
    lab: z.string().min(1),
    /** GPT-2 small: the dense baseline every other row is read against. */
    reference: z.boolean(),
    /** One of the eight architectures of the shipping table. */
    featured: z.boolean(),
    /** A mixture of experts; a dense model fires every parameter on every token. */
    moe: z.boolean(),
    released: orNotPublished(dateFigure),
    totalParams: published(z.number().int().positive()),
    headlineParams: published(z.number().int().positive()).optional(),
    activeParams: published(z.number().int().positive()),
    alternative: alternativeSchema.optional(),
    layers: countFigure,
    linearLayers: countFigure.optional(),
    fullAttentionLayers: countFigure.optional(),
    /** Which part of the context each layer may read, in plain words. */
    attention: textFigure,
    /** Each kind of layer the model has, by everything one such layer reads. */
    layerReads: z.array(z.array(z.enum(LAYER_READS)).min(1)),
    /** How many layers of each kind of layerReads, in its order; they add up to the layers (./layerReads.ts). */
    layerReadCounts: z.array(layerCount).optional(),
    expertsRouted: countFigure.optional(),
    expertsActive: countFigure.optional(),
    expertsShared: countOrNone.optional(),
    contextTokens: countFigure,
    licence: textFigure,
    depthSummaryEvery: countFigure.optional(),
  })
  .superRefine((m, ctx) => {
    if (m.activeParams.value > m.totalParams.value) {
      ctx.addIssue({ code: 'custom', message: 'active parameters exceed total parameters', path: ['activeParams', 'value'] });
    }
    const alt = m.alternative;
    if (alt?.activeParams && alt.activeParams.value > alt.totalParams.value) {
      ctx.addIssue({ code: 'custom', message: 'active parameters exceed total parameters', path: ['alternative', 'activeParams', 'value'] });
    }
    if (!m.moe && m.activeParams.value !== m.totalParams.value) {
      ctx.addIssue({ code: 'custom', message: 'a dense model fires every parameter: active must equal total', path: ['activeParams', 'value'] });
    }
    if (m.moe) {
      for (const field of EXPERT_FIELDS) {
        if (!m[field]) ctx.addIssue({ code: 'custom', message: 'required for a mixture of experts (use "not published" if unknown)', path: [field] });
      }
      const routed = m.expertsRouted?.value;
      const active = m.expertsActive?.value;
      if (typeof routed === 'number' && typeof active === 'number' && active > routed) {
        ctx.addIssue({ code: 'custom', message: 'more experts active than routed', path: ['expertsActive', 'value'] });
      }
    } else {
      for (const field of EXPERT_FIELDS) {
        if (m[field]) ctx.addIssue({ code: 'custom', message: 'a dense model has no experts', path: [field] });
      }
    }
    const layers = m.layers.value;
    const linear = m.linearLayers?.value;
    const full = m.fullAttentionLayers?.value;
    if (typeof layers === 'number' && typeof linear === 'number' && typeof full === 'number' && linear + full > layers) {
      ctx.addIssue({ code: 'custom', message: 'linear and full-attention layers add up to more than the layers', path: ['layers', 'value'] });
    }
    if (m.reference && m.featured) {
      ctx.addIssue({ code: 'custom', message: 'the reference model cannot also be one of the featured models', path: ['featured'] });
    }
    if ((m.reference || m.featured) && isMissing(m.released.status)) {
      ctx.addIssue({ code: 'custom', message: 'a model in the table needs a release date', path: ['released'] });
    }
    const described = !isMissing(m.attention.status);
    if (described !== m.layerReads.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: described ? 'list what its layers read when the attention is described' : 'nothing can be listed when the attention is not published',
        path: ['layerReads'],
      });
    }
    for (const issue of layerReadsIssues(m)) ctx.addIssue({ code: 'custom', ...issue });
  });

export const architecturesSchema = z
  .strictObject({
    $comment: z.string().optional(),
    models: z.array(modelSchema).min(1),
  })
  .refine((d) => new Set(d.models.map((m) => m.id)).size === d.models.length, {
    message: 'model ids must be unique',
    path: ['models'],
  });

export type Model = z.output<typeof modelSchema>;
export type Architectures = z.output<typeof architecturesSchema>;
