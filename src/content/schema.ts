/**
 * The shape of data/architectures.json. Every figure carries its status and source;
 * "not published" is a value in its own right, never a missing field.
 */
import { z } from 'zod';

export const NOT_PUBLISHED = 'not published' as const;

const status = z.enum(['official', 'config', 'secondary', 'derived']);
const source = z.url({ protocol: /^https$/, message: 'source must be an https URL' });
const isoDate = z.iso.date({ message: 'expected an ISO date (YYYY-MM-DD)' });

const published = <T extends z.ZodType>(value: T) =>
  z.strictObject({ value, status, source, note: z.string().min(1).optional() });

const notPublished = z.strictObject({
  value: z.literal(NOT_PUBLISHED),
  status: z.literal(NOT_PUBLISHED),
  source: source.optional(),
  note: z.string().min(1).optional(),
});

export const countFigure = z.union([published(z.number().positive().finite()), notPublished]);
export const dateFigure = published(isoDate);

export const modelSchema = z
  .strictObject({
    id: z.string().regex(/^[a-z0-9][a-z0-9.-]*$/, 'id must be lower-case letters, digits, dots and dashes'),
    name: z.string().min(1),
    lab: z.string().min(1),
    reference: z.boolean(),
    released: dateFigure,
    totalParams: published(z.number().int().positive()),
    headlineParams: published(z.number().int().positive()).optional(),
    activeParams: published(z.number().int().positive()),
    layers: countFigure,
    contextTokens: countFigure,
    linearLayers: countFigure.optional(),
    fullAttentionLayers: countFigure.optional(),
    expertsRouted: countFigure.optional(),
    expertsActive: countFigure.optional(),
    expertsShared: countFigure.optional(),
    depthSummaryEvery: countFigure.optional(),
  })
  .refine((m) => m.activeParams.value <= m.totalParams.value, {
    message: 'active parameters exceed total parameters',
    path: ['activeParams', 'value'],
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
export type Figure = z.output<typeof countFigure>;
