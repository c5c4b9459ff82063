import { describe, expect, it } from 'vitest';
import { firstAtOrAbove, forgetView, meanErrors, FORGET_DEFAULTS } from '../../src/content/forget';
import { render } from '../../src/app/entry-server';

const d = FORGET_DEFAULTS;
const view = forgetView(d.stream, d.seed, d.n);
const late = forgetView(d.stream, d.seed, 128);
const mid = forgetView(d.stream, d.seed, 64);
const lifetimes = forgetView('lifetimes', d.seed, 24);

/** Each sentence of the forget prose, checked against what the core computes for its seed. */
describe('the forget prose holds for the stated stream', () => {
  it('at the opening view the additive memory reads worse than silence and delta does not', () => {
    expect(view.error.additive).toBeGreaterThan(1);
    expect(view.error.delta).toBeLessThan(1);
    expect(view.n).toBe(2 * 8);
  });

  it('late in the stream additive keeps climbing while the delta rules stay bounded below √2', () => {
    expect(late.error.additive).toBeGreaterThan(mid.error.additive);
    for (const r of ['delta', 'gatedDelta', 'perChannelGated'] as const) {
      expect(late.error[r]).toBeLessThan(Math.SQRT2);
      expect(late.error[r]).toBeLessThan(late.error.additive / 2);
    }
  });

  it('on the capacity stream per-channel decay costs a little against plain delta', () => {
    expect(view.error.perChannelGated).toBeGreaterThan(view.error.delta);
  });

  it('on the lifetimes stream per-channel decay beats plain delta and the scalar gate', () => {
    expect(lifetimes.error.perChannelGated).toBeLessThan(lifetimes.error.delta);
    expect(lifetimes.error.perChannelGated).toBeLessThan(lifetimes.error.gatedDelta);
  });

  it('cosine crowns the additive rule: the trap the prose explains', () => {
    expect(view.cosine.additive).toBeGreaterThan(view.cosine.delta);
    expect(view.cosine.additive).toBeGreaterThan(view.cosine.gatedDelta);
  });

  it('over many streams the additive mean error first reaches 1.00 between 9 and 12 pairs', () => {
    const means = meanErrors(500, 32);
    const n = firstAtOrAbove(means.additive)!;
    expect(n).toBeGreaterThanOrEqual(9);
    expect(n).toBeLessThanOrEqual(12);
    expect(firstAtOrAbove(means.delta)).toBeGreaterThan(n);
  });

  it('prints exactly these numbers on the page', () => {
    const { html } = render();
    const claim = (id: string) => html.match(new RegExp(`data-claim="${id}">([^<]+)<`))?.[1];
    expect(claim('forget-additive')).toBe(view.error.additive.toFixed(2));
    expect(claim('forget-delta')).toBe(view.error.delta.toFixed(2));
    expect(claim('forget-additive-late')).toBe(late.error.additive.toFixed(2));
    expect(claim('forget-lifetimes-pc')).toBe(lifetimes.error.perChannelGated.toFixed(2));
    expect(claim('forget-cosine-additive')).toBe(view.cosine.additive.toFixed(2));
  });
});
