import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ChunkingFigure, type ChunkingGpu } from '../../src/widgets/Chunking/ChunkingFigure';
import { describeDiagram, diagramCounts } from '../../src/widgets/Chunking/ChunkDiagram';
import { chunkingCodec } from '../../src/widgets/Chunking/model';
import { readQuery, URL_WRITE_DELAY_MS } from '../../src/widgets/urlState';

/** The figure's defaults as research/math.md §4.2's worked example states them. */
const defaults = { C: 64, gpu: 'h100', L: 4096, bh: 16, d: 128, tau: 0.5 };

// Datasheet figures as research/math.md §3 states them, typed in here rather than read from the data.
const gpus: ChunkingGpu[] = [
  { id: 'a100', name: 'A100 SXM 80GB', tensorFlops: 312e12, bandwidth: 2.039e12, sms: 108, mmaTileM: 16 },
  { id: 'h100', name: 'H100 SXM', tensorFlops: 989.4e12, bandwidth: 3.35e12, sms: 132, mmaTileM: 64 },
  { id: 'b200', name: 'B200 (HGX, 1,000 W)', tensorFlops: 2250e12, bandwidth: 8e12, sms: 148, mmaTileM: 64 },
];

function setup(search = '') {
  window.history.replaceState(null, '', `/${search}`);
  const user = userEvent.setup();
  const view = render(<ChunkingFigure gpus={gpus} defaults={defaults} tokens={32} />);
  return { user, ...view };
}

const readout = () => screen.getByRole('status').textContent ?? '';
const chunkSlider = () => screen.getByRole('slider', { name: /chunk/i }) as HTMLInputElement;
const slider = (name: RegExp) => screen.getByRole('slider', { name }) as HTMLInputElement;
/** The fastest C the readout states, without and with overlap. */
const optima = () => {
  const m = /Fastest: C ≈ (\d+) without overlap, ≈ (\d+) with it/.exec(readout());
  if (!m) throw new Error(`no optimum in readout: ${readout()}`);
  return [Number(m[1]), Number(m[2])];
};
const near = (actual: number, expected: number, relative = 0.03) => expect(Math.abs(actual - expected)).toBeLessThanOrEqual(relative * expected);

/**
 * jsdom does not move a range input on arrow keys (browsers do; the Playwright spec presses them),
 * so after reaching a slider with Tab, its new value is set the way the browser's key handler would.
 */
function step(input: HTMLInputElement, by: number) {
  const next = Number(input.value) + by * Number(input.step || 1);
  fireEvent.change(input, { target: { value: String(next) } });
}

beforeEach(() => window.history.replaceState(null, '', '/'));
afterEach(() => window.history.replaceState(null, '', '/'));

describe('ChunkingFigure', () => {
  it('opens at fla’s chunk of 64 on an H100 with the research §4.2 numbers', () => {
    setup();
    expect(chunkSlider().getAttribute('aria-valuetext')).toBe('C = 64');
    const text = readout();
    expect(text).toContain('C = 64 on H100 SXM');
    // §2.2 table: F(64) = 181,589 FLOPs per token per head, 1.85 × 6d², 64 steps at L = 4096.
    expect(text).toContain('1.85×');
    expect(text).toContain('64 sequential steps');
    // 181,589 × 4096 × 16 heads = 1.19e10.
    expect(text).toContain('11.9 GFLOP');
    // §4.2: C* ≈ 115 (sum) to 193 (max) at B·H = 16.
    const [sum, max] = optima();
    near(sum!, 115);
    near(max!, 193);
  });

  it('reaches every control with Tab, in reading order', async () => {
    const { user } = setup();
    await user.tab();
    expect(document.querySelector(`label[for="${(document.activeElement as HTMLElement).id}"]`)?.textContent).toBe('Chunk size C');
    // The workload's controls sit in a fold, closed at first, whose summary says the workload drawn.
    await user.tab();
    const summary = document.activeElement as HTMLElement;
    expect(summary.localName).toBe('summary');
    expect(summary.textContent).toBe('Workload and hardware: H100 SXM, L = 4,096, B·H = 16, d = 128, τ₀ = 0.50 µs');
    expect(summary.closest('details')!.open).toBe(false);
    // jsdom has no keyboard activation for a summary (the browser tests press Enter on it).
    await user.click(summary);
    expect(summary.closest('details')!.open).toBe(true);
    const order = ['GPU', 'Sequence length L', 'Heads B·H', 'Head dimension d', 'Per-step latency τ₀', 'Reset'];
    for (const name of order) {
      await user.tab();
      const el = document.activeElement as HTMLElement;
      const label = el.id ? document.querySelector(`label[for="${el.id}"]`)?.textContent : el.textContent;
      expect(label).toBe(name);
    }
  });

  it('redraws the chunks and the readout when the chunk slider moves', async () => {
    const { user } = setup();
    await user.tab();
    expect(document.activeElement).toBe(chunkSlider());
    step(chunkSlider(), 1);
    // §2.2: F(128) = 267,605 = 2.72 × 6d²; 4096 / 128 = 32 steps.
    expect(readout()).toContain('C = 128 on H100 SXM');
    expect(readout()).toContain('2.72×');
    expect(readout()).toContain('32 sequential steps');
    step(chunkSlider(), -5);
    expect(readout()).toContain('C = 4 on H100 SXM');
    expect(readout()).toContain('1,024 sequential steps');
    const diagram = screen.getAllByRole('img')[0]!;
    // 8 chunks of 4: each holds 4·5/2 = 10 direct pairs; 32·33/2 = 528 pairs in all.
    expect(diagram.getAttribute('aria-label')).toMatch(/32 tokens cut into 8 chunks of 4: 80 token pairs .* 448 reach/);
    // The optimum does not depend on the chosen C.
    near(optima()[0]!, 115);
  });

  it('moves the optimum with the GPU, the heads and τ₀, and not with L', async () => {
    const { user } = setup();
    await user.selectOptions(screen.getByRole('combobox', { name: 'GPU' }), 'a100');
    expect(readout()).toContain('on A100 SXM 80GB');
    // §4.2 other GPUs: A100 81 / 171 at B·H = 16.
    near(optima()[0]!, 81);
    near(optima()[1]!, 171);
    await user.selectOptions(screen.getByRole('combobox', { name: 'GPU' }), 'h100');

    const before = optima();
    step(slider(/sequence length/i), 3);
    expect(readout()).toContain('512 sequential steps');
    const after = optima();
    near(after[0]!, before[0]!, 0.02);
    near(after[1]!, before[1]!, 0.02);
    step(slider(/sequence length/i), -3);

    step(slider(/heads/i), 4);
    // §4.2: 88 / 147 at B·H = 256.
    near(optima()[0]!, 88);
    near(optima()[1]!, 147);
    step(slider(/heads/i), -4);

    const tau = slider(/per-step latency/i);
    fireEvent.change(tau, { target: { value: '2' } });
    expect(tau.getAttribute('aria-valuetext')).toBe('τ₀ = 2 microseconds');
    // §4.2 sensitivity: τ₀ = 2 µs gives 186 / 316 at B·H = 16.
    near(optima()[0]!, 186);
    near(optima()[1]!, 316);
  });

  it('keeps C within the sequence when L shrinks', () => {
    setup();
    fireEvent.change(chunkSlider(), { target: { value: '12' } });
    expect(readout()).toContain('C = 4,096');
    expect(readout()).toContain('1 sequential step,');
    fireEvent.change(slider(/sequence length/i), { target: { value: '10' } });
    expect(readout()).toContain('C = 1,024');
    expect(chunkSlider().max).toBe('10');
  });

  it('resets every control from the keyboard', async () => {
    const { user } = setup();
    await user.selectOptions(screen.getByRole('combobox', { name: 'GPU' }), 'b200');
    fireEvent.change(chunkSlider(), { target: { value: '3' } });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Head dimension d' }), '256');
    screen.getByRole('button', { name: 'Reset' }).focus();
    await user.keyboard('{Enter}');
    expect(readout()).toContain('C = 64 on H100 SXM');
    expect((screen.getByRole('combobox', { name: 'Head dimension d' }) as HTMLSelectElement).value).toBe('128');
  });

  it('reads shared state from the URL once, clamped, and writes it back keeping other figures’ parameters', async () => {
    setup('?n=12&C=256&gpu=a100&L=5000&bh=3000&d=100&tau=9');
    await act(async () => {});
    expect(readout()).toContain('C = 256 on A100 SXM 80GB');
    expect(slider(/sequence length/i).getAttribute('aria-valuetext')).toBe('L = 4,096 tokens');
    expect(slider(/heads/i).getAttribute('aria-valuetext')).toBe('B·H = 1024');
    expect((screen.getByRole('combobox', { name: 'Head dimension d' }) as HTMLSelectElement).value).toBe('128');
    expect(slider(/per-step latency/i).getAttribute('aria-valuetext')).toBe('τ₀ = 4 microseconds');

    fireEvent.change(chunkSlider(), { target: { value: '5' } });
    // The address follows once the controls rest.
    expect(new URLSearchParams(window.location.search).get('C')).toBe('256');
    await act(() => new Promise((r) => setTimeout(r, URL_WRITE_DELAY_MS + 50)));
    const params = new URLSearchParams(window.location.search);
    expect(params.get('C')).toBe('32');
    expect(params.get('gpu')).toBe('a100');
    expect(params.get('n')).toBe('12');
  });

  it('ignores nonsense in the URL and leaves a clean address at the defaults', async () => {
    setup('?C=abc&gpu=zzz&L=-4&stream=B');
    await act(() => new Promise((r) => setTimeout(r, URL_WRITE_DELAY_MS + 50)));
    expect(readout()).toContain('C = 64 on H100 SXM');
    expect(window.location.search).toBe('?stream=B');
  });

  it('moves only the cursor layer when C moves, leaving the curves as drawn', () => {
    const { container } = setup();
    const plots = () => [...container.querySelectorAll('.chunking-plot > svg[role="img"]')].map((svg) => svg.innerHTML);
    const cursor = () => container.querySelector('.chunking-overlay .chunking-current')!.getAttribute('x1');
    const [drawn, at] = [plots(), cursor()];
    expect(drawn).toHaveLength(2);
    fireEvent.change(chunkSlider(), { target: { value: '3' } });
    expect(plots()).toEqual(drawn);
    expect(cursor()).not.toBe(at);
  });

  it('labels the axes with powers of two along C and decades up the side', () => {
    const { container } = setup();
    const [flops] = container.querySelectorAll('.chunking-plot > svg[role="img"]');
    const ticks = [...flops!.querySelectorAll('text.chunking-tick')].map((t) => t.textContent);
    // L = 4096: every other power of two; the FLOPs ratio runs from 1× to about 166×.
    expect(ticks).toEqual(['1×', '10×', '100×', '1', '4', '16', '64', '256', '1K', '4K', 'chunk size C (log scale)']);
  });

  it('describes both charts in words', () => {
    setup();
    const [, flops, time] = screen.getAllByRole('img');
    expect(flops!.getAttribute('aria-label')).toMatch(
      // F(1) = 10d + 6d² + 1/3 = 99,584 ≈ 1.01 × 6d²; §2.2 table: 111 × at C = L = 4096.
      /FLOPs relative to the recurrent form\. Rises from 1\.01× the recurrent form at C = 1 to 111× at C = 4,096/,
    );
    expect(time!.getAttribute('aria-label')).toMatch(/falls from .* to a minimum of .* near C = 11\d, then rises/);
  });
});

describe('the diagram and URL helpers', () => {
  it('counts direct and carried pairs for every chunk size', () => {
    for (const C of [1, 2, 4, 8, 16, 32, 64]) {
      const c = diagramCounts(32, C);
      expect(c.direct + c.viaState).toBe(528);
      expect(c.chunks).toBe(Math.ceil(32 / Math.min(C, 32)));
    }
    expect(diagramCounts(32, 1).direct).toBe(32);
    expect(diagramCounts(32, 32).viaState).toBe(0);
    expect(describeDiagram(diagramCounts(32, 64), 64)).toMatch(/^32 tokens inside one chunk of 64/);
  });

  it('snaps C to a power of two no longer than L', () => {
    const q = (s: string) => readQuery(chunkingCodec(['h100']), s, defaults);
    expect(q('C=100').C).toBe(128);
    expect(q('C=1e9').C).toBe(4096);
    expect(q('C=0').C).toBe(64);
    expect(q('L=2000000&C=1e9').C).toBe(1 << 20);
    expect(q('tau=0.33').tau).toBe(0.35);
  });
});
