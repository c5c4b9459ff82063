import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { channelGates, errorAt, makeStream, trace } from '../../src/core';
import { RANDOM_KEYS as FORGET_DEFAULTS, STREAM_GATES } from '../../src/content/defaults';
import { linkProseAndFigures } from '../../src/app/highlight';
import { ForgetFigure } from '../../src/widgets/Forget/ForgetFigure';

const eq = (key: string) => ({ equationKey: key, html: `<span>${key}</span>` });
const equations = { additive: eq('a'), delta: eq('d'), gatedDelta: eq('g'), perChannelGated: eq('p') };

afterEach(() => {
  cleanup();
  delete document.documentElement.dataset.highlight;
  document.body.innerHTML = '';
});

describe('prose and figures, linked', () => {
  it('a marked name or symbol, hovered or focused, names itself on the page root until left; focus outlasts the pointer', () => {
    document.body.innerHTML = '<p><a href="#forget-figure" data-highlight="rule-delta"><span>Delta</span></a> <a href="#x">plain</a></p>';
    linkProseAndFigures(document);
    const root = document.documentElement;
    const mark = document.querySelector('a[data-highlight] span')!;
    const plain = document.querySelector<HTMLElement>('a[href="#x"]')!;
    mark.dispatchEvent(new Event('pointerover', { bubbles: true }));
    expect(root.dataset.highlight).toBe('rule-delta');
    plain.dispatchEvent(new Event('pointerover', { bubbles: true }));
    expect(root.dataset.highlight).toBeUndefined();
    document.querySelector<HTMLElement>('a[data-highlight]')!.focus();
    expect(root.dataset.highlight).toBe('rule-delta');
    // The pointer passing over something unmarked leaves what focus lit.
    plain.dispatchEvent(new Event('pointerover', { bubbles: true }));
    expect(root.dataset.highlight).toBe('rule-delta');
    plain.focus();
    expect(root.dataset.highlight).toBeUndefined();
  });

  it('the state demo names the lit rule’s memory with its reading, and each memory carries its mark', () => {
    render(<ForgetFigure equations={equations} defaults={FORGET_DEFAULTS} streamGates={STREAM_GATES} />);
    const named = document.querySelector('.forget-named')!;
    expect(named.textContent?.trim()).toBe('');
    expect([...document.querySelectorAll('.forget-state')].map((el) => el.getAttribute('data-highlight'))).toEqual([
      'rule-additive',
      'rule-delta',
      'rule-gatedDelta',
      'rule-perChannelGated',
    ]);
    act(() => {
      document.documentElement.dataset.highlight = 'rule-delta';
    });
    return new Promise<void>((resolve) => {
      setTimeout(() => {
        const n = FORGET_DEFAULTS.n;
        const t = trace({
          stream: makeStream({ kind: 'capacity', seed: 1, length: n }),
          gates: { beta: 1, alpha: 0.9, channelAlpha: channelGates(1, 0.5) },
          n,
        });
        expect(named.textContent).toBe(`Delta memory: read error ${errorAt(t, 'delta', n).toFixed(2)} after ${n} pairs`);
        act(() => {
          document.documentElement.dataset.highlight = 'sym-S';
        });
        setTimeout(() => {
          expect(named.textContent?.trim()).toBe('');
          resolve();
        }, 0);
      }, 0);
    });
  });
});
