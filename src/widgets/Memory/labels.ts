/**
 * Where the memory chart writes a marker's label: beside its point, on whichever side no line and
 * no label already placed runs through, inside the plot. Pure geometry in the chart's pixels, so
 * the placement can be checked without a browser (tests/widgets/memoryLabels.test.ts).
 */

export interface Rect {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export type Anchor = 'start' | 'middle' | 'end';

/** Where a label's text goes: its baseline point and which end of the text stands there. */
export interface LabelPlace {
  x: number;
  y: number;
  anchor: Anchor;
}

export interface LabelRequest {
  key: string;
  /** The point labelled, in pixels. */
  x: number;
  y: number;
  text: string;
  /** The side tried first: above the point (a crossing), or below it (a line's name at its end). */
  prefer: 'above' | 'below';
}

/** Roughly how wide a character of the chart's 12 px semibold labels runs, and how far a label stands off its point. */
const CHAR_PX = 7;
const ABOVE = 9;
const BELOW = 17;
const SIDE = 9;
/** How much further off a second try stands. */
const FURTHER = 14;

/** The box a label's text covers, its halo included. */
export function labelRect(p: LabelPlace, text: string): Rect {
  const w = text.length * CHAR_PX;
  const x0 = p.anchor === 'start' ? p.x : p.anchor === 'end' ? p.x - w : p.x - w / 2;
  return { x0, y0: p.y - 11, x1: x0 + w, y1: p.y + 4 };
}

/** Whether the segment from a to b passes through the rectangle (Liang–Barsky clipping). */
export function segmentHitsRect(a: readonly [number, number], b: readonly [number, number], r: Rect): boolean {
  const [dx, dy] = [b[0] - a[0], b[1] - a[1]];
  let [t0, t1] = [0, 1];
  const edges: [number, number][] = [
    [-dx, a[0] - r.x0],
    [dx, r.x1 - a[0]],
    [-dy, a[1] - r.y0],
    [dy, r.y1 - a[1]],
  ];
  for (const [p, q] of edges) {
    if (p === 0) {
      if (q < 0) return false;
      continue;
    }
    const t = q / p;
    if (p < 0) t0 = Math.max(t0, t);
    else t1 = Math.min(t1, t);
    if (t0 > t1) return false;
  }
  return true;
}

const overlaps = (a: Rect, b: Rect) => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;
const inside = (a: Rect, b: Rect) => a.x0 >= b.x0 && a.x1 <= b.x1 && a.y0 >= b.y0 && a.y1 <= b.y1;

/** A place tried for a label, and whether it stands a step further off its point than the nearest. */
interface Candidate {
  place: LabelPlace;
  far: boolean;
}

/**
 * The places tried for a label at (x, y): the preferred side first, then the other, each centred on
 * the point, then ending at it, then starting at it; then level with it, to its left and to its
 * right; then both sides again a step further off.
 */
function candidates(r: LabelRequest): Candidate[] {
  const row = (y: number, far: boolean): Candidate[] => (['middle', 'end', 'start'] as const).map((anchor) => ({ place: { x: r.x, y, anchor }, far }));
  const sides = (off: number, far: boolean) => {
    const [above, below] = [row(r.y - ABOVE - off, far), row(r.y + BELOW + off, far)];
    return r.prefer === 'above' ? [...above, ...below] : [...below, ...above];
  };
  const beside: Candidate[] = [
    { place: { x: r.x - SIDE, y: r.y + 4, anchor: 'end' }, far: false },
    { place: { x: r.x + SIDE, y: r.y + 4, anchor: 'start' }, far: false },
  ];
  return [...sides(0, false), ...beside, ...sides(FURTHER, true)];
}

/**
 * A place for each label, in the order asked: of the candidates inside the plot and clear of the
 * labels placed before it, the one that crosses the fewest lines and covers the fewest markers,
 * a nearer one before a further one, the earlier in the order on a tie.
 */
export function placeLabels(
  requests: readonly LabelRequest[],
  lines: readonly (readonly (readonly [number, number])[])[],
  plot: Rect,
  markers: readonly Rect[] = [],
): Map<string, LabelPlace> {
  const placed = new Map<string, LabelPlace>();
  const taken: Rect[] = [];
  for (const r of requests) {
    let best: { place: LabelPlace; cost: number; rect: Rect } | null = null;
    for (const { place, far } of candidates(r)) {
      const rect = labelRect(place, r.text);
      const crossed = lines.filter((line) => line.some((p, i) => i > 0 && segmentHitsRect(line[i - 1]!, p, rect))).length;
      const covered = markers.filter((m) => overlaps(m, rect)).length;
      const cost = (inside(rect, plot) ? 0 : 1000) + 100 * taken.filter((t) => overlaps(t, rect)).length + crossed + covered + (far ? 0.5 : 0);
      if (!best || cost < best.cost) best = { place, cost, rect };
    }
    placed.set(r.key, best!.place);
    taken.push(best!.rect);
  }
  return placed;
}
