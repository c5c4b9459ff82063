/**
 * Claim tests for the sentences of the closing sections: each is recomputed here from the same
 * stream, seed and data the page uses, and the test fails when the sentence stops being true.
 */
import { describe, expect, it } from 'vitest';
import { renderedDocument } from '../renderedPage';
import { architectures, k3Facts, model } from '../../src/content/architectures';
import { corrections, parseCorrections } from '../../src/content/corrections';
import { RANDOM_KEYS } from '../../src/content/defaults';
import { channelGates, makeStream, trace } from '../../src/core';
import { WORKLOG_URL } from '../../src/essay/sections/Credit';
import raw from '../../data/corrections.json';

const document = renderedDocument();
const textOf = (el: Element | null) => (el?.textContent ?? '').replace(/\s+/g, ' ').trim();
const section = (id: string) => textOf(document.getElementById(id));

/** The state demo's random-key stream at its opening number of pairs, computed from the core, not from the content layer. */
function openingView() {
  const d = RANDOM_KEYS;
  const stream = makeStream({ kind: d.stream, seed: d.seed, length: 128 });
  const t = trace({ stream, gates: { beta: d.beta, alpha: d.alpha, channelAlpha: channelGates(d.slow, d.fast) }, n: 128 });
  const at = (xs: ArrayLike<number>) => xs[d.n - 1]!;
  return {
    n: d.n,
    error: { additive: at(t.error.additive), delta: at(t.error.delta) },
    cosine: { additive: at(t.cosine.additive), delta: at(t.cosine.delta) },
  };
}

describe('What to verify', () => {
  const text = section('verify-metric');

  it('"cosine … ranks the additive rule first … while its reads are worse than silence": on the random-key stream and seed', () => {
    const v = openingView();
    expect(v.cosine.additive).toBeGreaterThan(v.cosine.delta);
    expect(v.error.additive).toBeGreaterThan(1);
    expect(v.error.delta).toBeLessThan(1);
    expect(text).toContain(
      `(${v.cosine.additive.toFixed(2)} against ${v.cosine.delta.toFixed(2)} for delta at ${v.n} pairs of the figure’s random-key stream)`,
    );
    expect(text).toContain(`(error ${v.error.additive.toFixed(2)} against ${v.error.delta.toFixed(2)})`);
  });

  it('says the read error was chosen because cosine forgives a read’s length, not that it was chosen beforehand or that cosine is backwards', () => {
    expect(text).toContain('The read error was not the first measure tried on this toy: cosine was');
    expect(text).toContain('because cosine forgives a read’s length');
    expect(section('forget')).not.toMatch(/backwards/);
    expect(section('verify')).not.toMatch(/not chosen after the fact/);
  });
});

describe('Where this page departs from its sources’ accounts', () => {
  const list = corrections();

  it('names the accounts as its sources’, not as one usual account, in its heading and its entries', () => {
    expect(textOf(document.querySelector('#corrections h2')!)).toContain('Where this page departs from its sources’ accounts');
    expect(textOf(document.getElementById('corrections')!)).not.toMatch(/[Tt]he usual account/);
  });

  it('lists every correction in the data, each with a link to the place on the page that says it', () => {
    const items = document.querySelectorAll('#corrections ol.corrections > li');
    expect(items.length).toBe(raw.corrections.length);
    for (const c of list) {
      const item = document.getElementById(`correction-${c.id}`)!;
      expect(textOf(item)).toContain(c.correction);
      const links = [...item.querySelectorAll('a')].map((a) => a.getAttribute('href'));
      expect(links).toContain(c.href);
      for (const url of c.sources) expect(links).toContain(url);
    }
  });

  it('each is linked in a short clause from inside the place it corrects', () => {
    for (const c of list) {
      const place = document.getElementById(c.anchor)!;
      const links = [...place.querySelectorAll(`a[href="#correction-${c.id}"]`)];
      expect(links.length, `${c.id}: a link from #${c.anchor}`).toBeGreaterThan(0);
      for (const link of links) expect(textOf(link).split(' ').length, c.id).toBeLessThanOrEqual(6);
    }
  });

  it('every link lands on exactly one element, a lineage step’s on its card inside its rung', () => {
    for (const c of list) {
      expect(document.querySelectorAll(`[id="${c.anchor}"]`).length, c.id).toBe(1);
      expect(c.href).toBe(`#${c.anchor}`);
      if (c.anchor.startsWith('lineage-step-')) expect(document.getElementById(c.anchor)!.closest('details.rung'), c.id).not.toBeNull();
    }
  });

  it('every figure a correction names is said at the place it links to', () => {
    for (const c of list) {
      const there = textOf(document.getElementById(c.anchor));
      const figures = c.correction.replace(/\b[A-Za-z][A-Za-z.]*-?\d[\w.]*/g, '').match(/\d[\d,.]*\d|\d/g) ?? [];
      expect(figures.length, c.id).toBeGreaterThan(0);
      for (const figure of figures) expect(there, `${c.id}: ${figure}`).toContain(figure);
    }
  });

  it('"69 Kimi Delta Attention and 24 MLA layers of 93": the counts add up and match the layer pattern', () => {
    const k3 = k3Facts();
    expect(k3.linearLayers + k3.fullAttentionLayers).toBe(k3.layers);
    expect(list.find((c) => c.id === 'k3-layout')!.correction).toContain(
      `${k3.linearLayers} Kimi Delta Attention and ${k3.fullAttentionLayers} MLA layers of ${k3.layers}`,
    );
  });

  it('refuses a correction that types a figure instead of naming it, or links to a step the lineage lacks', () => {
    const typed = structuredClone(raw);
    typed.corrections[0]!.correction = 'About 22,500.';
    expect(() => parseCorrections(typed)).toThrow(/corrections\[0\] "k3-layout", field correction: types a number/);
    // Every entry names who says what it corrects.
    const unsourced = structuredClone(raw) as { corrections: { usual: { source?: string } }[] };
    delete unsourced.corrections[2]!.usual.source;
    expect(() => parseCorrections(unsourced)).toThrow(/corrections\[2\] "kimi-linear-ratio", field usual\.source/);
    const missing = structuredClone(raw);
    missing.corrections[0]!.corrects = 'lineage:no-such-step';
    expect(() => corrections(parseCorrections(missing))).toThrow(/corrections\[0\] "k3-layout", field corrects: names the lineage step "no-such-step"/);
  });
});

const words = ['none', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];

describe('Where this came from', () => {
  const text = section('credit');

  it('"in two places": as many corrections as quote the worklog, each named', () => {
    const fromWorklog = raw.corrections.filter((c) => c.usual.source === WORKLOG_URL);
    expect(fromWorklog.length).toBeGreaterThan(0);
    expect(text).toContain(`in ${words[fromWorklog.length]} places, listed above`);
    for (const c of fromWorklog) expect(text).toContain(c.usual.text);
  });

  it('no longer calls the worklog the ground truth throughout', () => {
    expect(text).not.toMatch(/ground truth/);
  });
});

describe('What the whole chain says', () => {
  const text = section('takeaways');

  it('"Kimi K3 runs about three cheap recurrent layers for every full-attention layer" (69 to 24)', () => {
    const k3 = k3Facts();
    const ratio = k3.linearLayers / k3.fullAttentionLayers;
    expect(Math.abs(ratio - 3)).toBeLessThan(0.5);
    expect(text).toContain('runs about three cheap recurrent layers for every full-attention layer, and the attention layers');
  });

  it('"Seven years after GPT-2 small": GPT-2’s year to K3’s', () => {
    const years = Number(model('kimi-k3', architectures).released.value.slice(0, 4)) - Number(model('gpt-2-small', architectures).released.value.slice(0, 4));
    expect(text).toContain(
      `${words[years]![0]!.toUpperCase()}${words[years]!.slice(1)} years after GPT-2 small, the answer keeps attention as the selective read`,
    );
  });
});
