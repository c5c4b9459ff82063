/**
 * An SVG path through points, to half a unit, written with relative steps: `M x,y` then `h dx`,
 * `v dy` or `l dx,dy` from each point to the next. A point moves at most a quarter of a unit; the
 * page's charts are drawn at up to about 1.9 CSS pixels a unit (a lab chart alone in a wide
 * column), so under half a pixel. Each point is rounded first and each step is the difference of
 * two rounded points, so rounding never accumulates along the line. Relative steps repeat (a
 * chart's x steps are mostly equal), so the page carries its curves in fewer bytes than absolute
 * coordinates would take. A point that is not finite breaks the line: the next one starts a new
 * piece with `M`, and nothing is drawn across the gap.
 */
const halves = (v: number): number => Math.round(v * 2);

/** Half units as the shortest decimal: 5 → "2.5", -1 → "-.5", 8 → "4". */
function decimal(h: number): string {
  const sign = h < 0 ? '-' : '';
  const a = Math.abs(h);
  const whole = Math.floor(a / 2);
  if (a % 2 === 0) return `${sign}${whole}`;
  return whole === 0 ? `${sign}.5` : `${sign}${whole}.5`;
}

export function polyline(points: Iterable<readonly [number, number]>): string {
  let out = '';
  let px = 0;
  let py = 0;
  let drawing = false;
  for (const [x, y] of points) {
    if (!Number.isFinite(x) || !Number.isFinite(y)) {
      drawing = false;
      continue;
    }
    const hx = halves(x);
    const hy = halves(y);
    if (!drawing) {
      out += `M${decimal(hx)},${decimal(hy)}`;
      drawing = true;
    } else {
      const dx = hx - px;
      const dy = hy - py;
      if (dy === 0) out += `h${decimal(dx)}`;
      else if (dx === 0) out += `v${decimal(dy)}`;
      else out += `l${decimal(dx)}${dy < 0 ? '' : ','}${decimal(dy)}`;
    }
    px = hx;
    py = hy;
  }
  return out;
}
