/**
 * An SVG path through points, at a tenth of a unit (finer than a pixel at any size the charts are
 * drawn), written with relative steps: `M x,y` then `h dx`, `v dy` or `l dx,dy` from each point to
 * the next. Each point is rounded first and each step is the difference of two rounded points, so
 * the line lands where absolute coordinates rounded the same way would put it and rounding never
 * accumulates. Relative steps repeat (a chart's x steps are mostly equal), so the page carries the
 * curves in fewer bytes than absolute coordinates. Points that are not finite are skipped.
 */
const tenths = (v: number): number => Math.round(v * 10);

/** Tenths of a unit as the shortest decimal: 25 → "2.5", -3 → "-.3", 40 → "4". */
function decimal(t: number): string {
  const sign = t < 0 ? '-' : '';
  const a = Math.abs(t);
  const whole = Math.floor(a / 10);
  const tenth = a % 10;
  if (tenth === 0) return `${sign}${whole}`;
  return whole === 0 ? `${sign}.${tenth}` : `${sign}${whole}.${tenth}`;
}

export function polyline(points: Iterable<readonly [number, number]>): string {
  let out = '';
  let px = 0;
  let py = 0;
  let started = false;
  for (const [x, y] of points) {
    if (!Number.isFinite(x) || !Number.isFinite(y)) continue;
    const tx = tenths(x);
    const ty = tenths(y);
    if (!started) {
      out = `M${decimal(tx)},${decimal(ty)}`;
      started = true;
    } else {
      const dx = tx - px;
      const dy = ty - py;
      if (dy === 0) out += `h${decimal(dx)}`;
      else if (dx === 0) out += `v${decimal(dy)}`;
      else out += `l${decimal(dx)}${dy < 0 ? '' : ','}${decimal(dy)}`;
    }
    px = tx;
    py = ty;
  }
  return out;
}
