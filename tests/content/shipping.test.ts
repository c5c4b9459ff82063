import { describe, expect, it } from 'vitest';
import { architectures, parseArchitectures } from '../../src/content/architectures';
import { architecturesCsv, csvField } from '../../src/content/csv';
import type { Architectures } from '../../src/content/schema';
import { modelNote, tableNotes } from '../../src/content/shipping/notes';
import { tableRow } from '../../src/content/shipping/rows';
import {
  barMax,
  fourPercentSentence,
  k3Ratio,
  othersSentence,
  readsSentence,
  sixPercentSentence,
  sixPercentVerdict,
  smallerSparseSentence,
  trillionSentence,
  twoLargestSentence,
} from '../../src/content/shipping/sentences';
import { shareFacts } from '../../src/content/shipping/shares';
import { renderedPage } from '../renderedPage';
import { paramsShort } from '../../src/format';
import { fixture, fixtureText } from '../fixtures/load';
import { importBuiltWithArchitectures } from '../fixtures/buildWith';

/** A corrupted or altered copy of the data, tests/fixtures/architectures.<name>.json, parsed. */
const variant = (name: string): Architectures => parseArchitectures(fixture(`architectures.${name}.json`));

/** A copy of the data with one model's active parameters changed, still valid. */
function withActive(changes: Record<string, number>): Architectures {
  const data = structuredClone(architectures);
  for (const m of data.models) if (m.id in changes) m.activeParams.value = changes[m.id]!;
  return parseArchitectures(data);
}

const share = (id: string, data = architectures) => {
  const m = data.models.find((x) => x.id === id)!;
  return m.activeParams.value / m.totalParams.value;
};

describe('the questions the section asks of the data', () => {
  const f = shareFacts();

  it('finds the largest share among the eight, and it is the outlier above 6%', () => {
    expect(f.shares).toHaveLength(8);
    expect(f.highest.model.name).toBe('Nemotron 3 Ultra');
    expect(f.highest.share).toBeCloseTo(55 / 550, 12);
    expect(f.over6.map((s) => s.model.name)).toEqual(['Nemotron 3 Ultra']);
    expect(f.within6).toHaveLength(7);
  });

  it('counts four under 4%: the four models of a trillion parameters or more', () => {
    expect(f.under4.map((s) => s.model.name)).toEqual(['DeepSeek-V4-Pro', 'Kimi K2.6', 'Kimi K3', 'Qwen3.8-2.4T-A95B']);
    for (const s of f.under4) expect(s.model.totalParams.value).toBeGreaterThanOrEqual(1e12);
  });

  it('names the two largest by total parameters', () => {
    expect(f.twoLargest.map((s) => s.model.name)).toEqual(['Kimi K3', 'Qwen3.8-2.4T-A95B']);
  });

  it('draws the bars to the largest share, rounded up to a whole 2%', () => {
    expect(barMax(f)).toBeCloseTo(0.1, 12);
    expect(barMax(shareFacts(withActive({ 'nemotron-3-ultra': 56e9 })))).toBeCloseTo(0.12, 12);
  });

  it('gives the K3 to GPT-2 ratio as about 22,500, and 836 copies active per token', () => {
    // 2.8e12 / 124,439,808 = 22,500.8; 104e9 / 124,439,808 = 835.7.
    expect(k3Ratio()).toEqual({ about: '22,500', activeCopies: '836' });
  });
});

describe('the sentences follow the data', () => {
  it('says what the data says about 6%, and names the outlier', () => {
    const f = shareFacts();
    expect(sixPercentSentence(f)).toBe(
      `Seven of the eight fire between 3.06% (DeepSeek-V4-Pro) and 5.38% (GLM-5.2) of their parameters on a token. The outlier is Nemotron 3 Ultra, at 10%.`,
    );
    expect(sixPercentVerdict(f)).toMatch(/does not hold: Nemotron 3 Ultra breaks it\.$/);
  });

  it('changes when a fixture removes the outlier', () => {
    const f = shareFacts(variant('no-outlier'));
    const expected = ((30e9 / 550e9) * 100).toFixed(2);
    expect(sixPercentSentence(f)).toBe(
      `None of the eight fires more than 6% of its parameters on a token; the highest share is Nemotron 3 Ultra\u2019s, ${expected}%.`,
    );
    expect(sixPercentVerdict(f)).toMatch(/holds\.$/);
  });

  it('names every outlier when there are several, highest first', () => {
    const f = shareFacts(withActive({ 'glm-5.2': 60e9 }));
    expect(sixPercentSentence(f)).toMatch(/^Six of the eight fire between/);
    expect(sixPercentSentence(f)).toMatch(/The outliers are Nemotron 3 Ultra \(10%\) and GLM-5\.2 \(8\.06%\)\.$/);
    expect(sixPercentVerdict(f)).toMatch(/Nemotron 3 Ultra and GLM-5\.2 break it/);
  });

  it('counts under 4% from the data', () => {
    expect(fourPercentSentence(shareFacts())).toBe(
      'Four of the eight fire under 4%: DeepSeek-V4-Pro (3.06%), Kimi K2.6 (3.20%), Kimi K3 (3.71%) and Qwen3.8-2.4T-A95B (3.96%).',
    );
    expect(fourPercentSentence(shareFacts(withActive({ 'deepseek-v4-pro': 80e9 })))).toMatch(/^Three of the eight fire under 4%/);
  });

  it('holds "the two largest fire under 4%", the second only just, and says otherwise when it fails', () => {
    expect(twoLargestSentence(shareFacts())).toBe(
      'The two largest, Kimi K3 (2.8 trillion parameters) and Qwen3.8-2.4T-A95B (2.4 trillion), fire 3.71% and 3.96%: both under 4%, Qwen3.8-2.4T-A95B only just.',
    );
    expect(twoLargestSentence(shareFacts(withActive({ 'qwen3.8-2.4t-a95b': 100e9 })))).toMatch(/: only Kimi K3 is under 4%\.$/);
    expect(twoLargestSentence(shareFacts(withActive({ 'qwen3.8-2.4t-a95b': 100e9, 'kimi-k3': 120e9 })))).toMatch(/: neither is under 4%\.$/);
  });

  it('says that smaller trillion-scale models are sparser still, and that size divides the eight at 4%', () => {
    const f = shareFacts();
    expect(smallerSparseSentence(f)).toBe(
      'So under 4% is not a privilege of the very largest: DeepSeek-V4-Pro (1.6 trillion, 3.06%) and Kimi K2.6 (1 trillion, 3.20%) are sparser still.',
    );
    expect(trillionSentence(f)).toBe(
      'Among these eight, the four with a trillion parameters or more fire under 4% and none of the smaller ones does. Left out of the table, MiMo-V2.5-Pro (4.12%, over a trillion) and, on its headline count, Qwen3.8-Flash-Next (3.33%, under a trillion) break the pattern.',
    );
    // 42B of 1.02T, by hand: over 4%, at a trillion or more.
    expect(((42 / 1020) * 100).toFixed(2)).toBe('4.12');
    // Qwen3.8-Flash-Next fires 3.33% of its 180 billion, under a trillion, but 4.80% of its main model alone: it breaks the
    // pattern on its headline count only, and the sentence says so.
    expect(((6 / 180) * 100).toFixed(2)).toBe('3.33');
    expect(((6 / 125) * 100).toFixed(2)).toBe('4.80');
    const altered = (fn: (m: Architectures['models'][number]) => Architectures['models'][number] | null) => ({
      ...architectures,
      models: architectures.models.flatMap((m) => fn(m) ?? []),
    });
    const flashNext = (change: (m: Architectures['models'][number]) => Architectures['models'][number]) =>
      altered((m) => (m.id === 'qwen3.8-flash-next' ? change(m) : m));
    // With one count only, it breaks the pattern outright, and is named in order of share.
    expect(
      trillionSentence(
        f,
        flashNext((m) => ({ ...m, alternative: undefined })),
      ),
    ).toMatch(/Left out of the table, Qwen3\.8-Flash-Next \(3\.33%, under a trillion\) and MiMo-V2\.5-Pro \(4\.12%, over a trillion\) break the pattern\.$/);
    // Broken on its second count alone, it is named with that count.
    const swapped = flashNext((m) => ({
      ...m,
      totalParams: { ...m.totalParams, value: 125e9 },
      alternative: { ...m.alternative!, what: 'with its n-gram table', totalParams: { ...m.alternative!.totalParams, value: 180e9 } },
    }));
    expect(trillionSentence(f, swapped)).toMatch(/ and, on its count with its n-gram table, Qwen3\.8-Flash-Next \(3\.33%, under a trillion\) break/);
    // Without MiMo-V2.5-Pro, the one left is named alone; without either, the sentence says none breaks it.
    const noMimo = altered((m) => (m.id === 'mimo-v2.5-pro' ? null : m));
    expect(trillionSentence(f, noMimo)).toMatch(
      /\. Left out of the table, on its headline count, Qwen3\.8-Flash-Next \(3\.33%, under a trillion\) breaks the pattern\.$/,
    );
    const neither = altered((m) => (m.id === 'mimo-v2.5-pro' || m.id === 'qwen3.8-flash-next' ? null : m));
    expect(trillionSentence(f, neither)).toMatch(/ does\. No model left out of the table breaks the pattern\.$/);
    // Every sentence it can say stays within 40 words.
    for (const d of [architectures, noMimo, neither]) {
      for (const sentence of trillionSentence(f, d)!.split(/(?<=\.) (?=[A-Z])/)) expect(sentence.split(' ').length, sentence).toBeLessThanOrEqual(40);
    }
    expect(trillionSentence(shareFacts(withActive({ 'gpt-oss-120b': 4e9 })))).toMatch(/and so does gpt-oss-120b \(3\.42%\)\.$/);
    expect(trillionSentence(shareFacts(withActive({ 'kimi-k2.6': 50e9 })))).toMatch(/^Size alone does not decide it: Kimi K2\.6 \(5\.00%\)/);
  });

  it('reports the mixture-of-experts models left out, two of them also above 6%, Mistral Large 3 only on its headline count; the dense Qwen3.8-27B is not among the shares', () => {
    expect(othersSentence()).toBe(
      'Six other recent models were checked and left out of the table (they are in the downloads): their shares run from 3.33% (Qwen3.8-Flash-Next; 4.80% without its n-gram table and prediction head) to 6.25% (Kimi Linear 48B-A3B), and two of them, Mistral Large 3 (6.07% on its headline count; 5.79%, under the line, for the language model alone) and Kimi Linear 48B-A3B (6.25%), cross 6% as well. Which eight you pick decides whether a 6% line holds.',
    );
    // 39B of 673B, by hand.
    expect(((39 / 673) * 100).toFixed(2)).toBe('5.79');
  });

  it('answers the first question across the eight from what each model says its layers read', () => {
    const s = readsSentence();
    expect(s).toContain('in three (Kimi K3, Qwen3.8-2.4T-A95B and Nemotron 3 Ultra), some layers read the past only through a fixed-size state');
    expect(s).toMatch(/Only Kimi K2\.6 still reads every token in every layer\.$/);
    // "some layers see only a sliding window" fits gpt-oss alone: every DeepSeek-V4-Pro layer also reads a compressed cache.
    expect(s).toContain('in one (gpt-oss-120b), some layers see only a sliding window of recent tokens');
    expect(s).toContain('in one (DeepSeek-V4-Pro), every layer reads a sliding window of recent tokens and a compressed copy of the rest');
    expect(s).toContain('in one (GLM-5.2), an indexer picks what every layer reads');
    expect(s).toContain('in two (DeepSeek-V4-Pro and MiniMax-M3), an indexer picks what some layers read');
    const data = structuredClone(architectures);
    const k2 = data.models.find((m) => m.id === 'kimi-k2.6')!;
    k2.layerReads = [['a sliding window'], ['every token']];
    k2.layerReadCounts = [30, 31].map((value) => ({ value, status: 'derived' as const, source: 'https://example.org/altered' }));
    expect(readsSentence(parseArchitectures(data))).toMatch(/None of the eight reads every token in every layer\.$/);
  });
});

describe('the section says exactly those sentences', () => {
  // React separates adjacent text with empty comments; a reader never sees them.
  const html = renderedPage().html.replace(/<!-- -->/g, '');
  const claim = (name: string) => {
    const m = new RegExp(`data-claim="${name}">([^<]*)<`).exec(html);
    return m?.[1]?.replace(/&#x27;/g, "'").replace(/&amp;/g, '&');
  };
  const f = shareFacts();

  it('renders each generated sentence into the prerendered page', () => {
    expect(claim('six-percent')).toBe(sixPercentSentence(f));
    expect(claim('six-verdict')).toBe(sixPercentVerdict(f));
    expect(claim('four-percent')).toBe(fourPercentSentence(f));
    expect(claim('two-largest')).toBe(twoLargestSentence(f));
    expect(claim('others')).toBe(othersSentence());
    expect(claim('k3-ratio')).toBe('about 22,500');
    expect(claim('k3-share')).toBe(`${((104 / 2800) * 100).toFixed(2)}%`);
  });

  it('names, in the trillion sentence, every model left out of the table that breaks the line on any count it carries', () => {
    const sentence = claim('trillion')!;
    expect(sentence).toBe(trillionSentence(f));
    // By hand: a count breaks the line when it is on one side of a trillion and on the other of 4%.
    const breaks = ([total, active]: [number, number]) => total >= 1e12 !== active / total < 0.04;
    const named: string[] = [];
    for (const m of architectures.models.filter((x) => !x.featured && !x.reference && x.moe)) {
      const headline: [number, number] = [m.totalParams.value, m.activeParams.value];
      const alt = m.alternative;
      const counts = alt ? [headline, [alt.totalParams.value, alt.activeParams?.value ?? m.activeParams.value] as [number, number]] : [headline];
      const breaking = counts.filter(breaks);
      if (breaking.length === 0) {
        expect(sentence, m.name).not.toContain(m.name);
        continue;
      }
      named.push(m.id);
      const [total, active] = breaking[0]!;
      const side = `${((active / total) * 100).toFixed(2)}%, ${total >= 1e12 ? 'over' : 'under'} a trillion`;
      expect(sentence, m.name).toContain(`${m.name} (${side})`);
      // Broken on its headline count only: the sentence says which count it means.
      if (breaking.length < counts.length && breaking[0] === headline) expect(sentence).toContain(`on its headline count, ${m.name} (`);
    }
    expect(named.sort()).toEqual(['mimo-v2.5-pro', 'qwen3.8-flash-next']);
  });

  it('never repeats the false claim that none of the eight fires more than 6%', () => {
    const text = html.replace(/<[^>]+>/g, ' ');
    expect(text).not.toMatch(/not one fires more than six percent/i);
    expect(text).toMatch(/Nemotron 3 Ultra, at 10%/);
  });

  it('puts the table, every row and a note per model in the static HTML', () => {
    for (const m of architectures.models.filter((x) => x.featured || x.reference)) {
      expect(html).toContain(`data-model="${m.id}"`);
      expect(html).toContain(`id="shipping-note-${m.id}"`);
    }
    expect(html).toMatch(/<a href="data\/architectures\.json" download="">/);
    expect(html).toMatch(/<a href="data\/architectures\.csv" download="">/);
  });
});

describe('the notes and the table rows', () => {
  it('link every figure of every row to an https source, grouped by page', () => {
    for (const note of tableNotes()) {
      const m = architectures.models.find((x) => x.id === note.id)!;
      const urls = new Set(note.sources.map((s) => s.url));
      for (const [key, value] of Object.entries(m)) {
        if (value && typeof value === 'object' && 'source' in value && value.source) {
          expect(urls.has(value.source as string), `${m.id}.${key}`).toBe(true);
        }
      }
      for (const s of note.sources) expect(s.url).toMatch(/^https:\/\//);
    }
  });

  it('answers both questions for K3, with the depth summary, and names each missing or qualified figure by its status word', () => {
    const k3 = modelNote(architectures.models.find((m) => m.id === 'kimi-k3')!);
    expect(k3.reads).toContain('one summary per 12 layers');
    expect(k3.fires).toBe('104 billion of 2.8 trillion parameters per token (3.71%): 16 of 896 routed experts, plus 2 shared.');
    expect(k3.missing).toBeNull();
    const ultra = modelNote(architectures.models.find((m) => m.id === 'nemotron-3-ultra')!);
    // Its attention layers and licence are now known, from secondary sources: nothing left to name.
    expect(ultra.missing).toBeNull();
    const glm = modelNote(architectures.models.find((m) => m.id === 'glm-5.2')!);
    expect(glm.missing).toBe('Approximate: release date.');
    const qwen = modelNote(architectures.models.find((m) => m.id === 'qwen3.8-2.4t-a95b')!);
    expect(qwen.missing).toBe('Not found: licence.');
    const oss = modelNote(architectures.models.find((m) => m.id === 'gpt-oss-120b')!);
    expect(oss.missing).toBe('None: shared experts.');
    expect(oss.fires).toMatch(/4 of 128 routed experts, and no shared expert\.$/);
    const gpt2 = modelNote(architectures.models.find((m) => m.id === 'gpt-2-small')!);
    expect(gpt2.fires).toBe('Dense: all 124.4 million parameters fire on every token (100%).');
  });

  it('writes a missing figure\'s status word into its cell and sorts it last; "none" is a count', () => {
    const row = tableRow(architectures.models.find((m) => m.id === 'minimax-m3')!);
    expect(row.cells.released).toMatchObject({ text: '2026-06-12', status: 'approximate' });
    const qwen = tableRow(architectures.models.find((m) => m.id === 'qwen3.8-2.4t-a95b')!);
    expect(qwen.cells.licence).toMatchObject({ text: 'not found', sort: null, status: 'not found' });
    const oss = tableRow(architectures.models.find((m) => m.id === 'gpt-oss-120b')!);
    expect(oss.cells.experts.text).toBe('128 / 4 / none');
    expect(oss.cells.share.sort).toBeCloseTo(share('gpt-oss-120b'), 12);
  });

  it('prints parameter counts short enough for a cell', () => {
    expect(paramsShort(2.8e12)).toBe('2.8T');
    expect(paramsShort(116.8e9)).toBe('116.8B');
    expect(paramsShort(124_439_808)).toBe('124.4M');
    expect(paramsShort(1e12)).toBe('1T');
    const k3 = tableRow(architectures.models.find((m) => m.id === 'kimi-k3')!);
    expect(k3.cells.total).toMatchObject({ text: '2.8T', spoken: '2.8 trillion', sort: 2.8e12 });
  });
});

describe('the CSV download', () => {
  it('quotes fields the RFC 4180 way', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a, b')).toBe('"a, b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField(undefined)).toBe('');
  });

  it('has one row per model and the derived share, readable back', () => {
    const text = architecturesCsv(architectures);
    const lines = text.trimEnd().split('\r\n');
    expect(lines).toHaveLength(architectures.models.length + 1);
    const header = lines[0]!.split(',');
    const shareAt = header.indexOf('activeShareDerived');
    expect(shareAt).toBeGreaterThan(0);
    // Cells with commas are quoted, so split on commas outside quotes.
    const split = (line: string) => {
      const cells: string[] = [];
      let cell = '';
      let quoted = false;
      for (let i = 0; i < line.length; i++) {
        const ch = line[i]!;
        if (quoted && ch === '"' && line[i + 1] === '"') {
          cell += '"';
          i++;
        } else if (ch === '"') quoted = !quoted;
        else if (ch === ',' && !quoted) {
          cells.push(cell);
          cell = '';
        } else cell += ch;
      }
      return [...cells, cell];
    };
    const k3 = split(lines.find((l) => l.startsWith('kimi-k3,'))!);
    expect(Number(k3[shareAt])).toBeCloseTo(104 / 2800, 12);
    expect(k3).toHaveLength(header.length);
  });
});

describe('the build', () => {
  it('fails on a corrupted data file with the same message: file, model and field', async () => {
    await expect(importBuiltWithArchitectures(fixtureText('architectures.bad-date.json'))).rejects.toThrow(
      /data\/architectures\.json: entry models\[2\] "qwen3\.8-2\.4t-a95b", field released\.value: expected an ISO date/,
    );
  }, 60_000);
});
