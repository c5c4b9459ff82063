/** What the trained memory learned, in a document: the opening cell, the slider and menu, the address, and a reader's run joining the menu. */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { GATES_OPEN_CELL, storedGateCells } from '../../src/content/mqarGates';
import { gatesCodec } from '../../src/widgets/TrainGates/state';
import { publishRun, RUN_GATES_EVENT } from '../../src/widgets/Train/runGates';
import { TrainGatesFigure } from '../../src/widgets/TrainGates/TrainGatesFigure';

const cells = storedGateCells();
const open = cells.find((c) => c.id === GATES_OPEN_CELL)!;
const sep = open.view.kinds.indexOf('separator');
const defaults = { cell: open.id, token: sep };

function setup() {
  // The figure writes its look-for line into the frame around it, as on the page.
  document.getElementById('train-gates-figure')?.remove();
  const frame = document.createElement('figure');
  frame.id = 'train-gates-figure';
  frame.innerHTML = '<p class="look-for">stale</p>';
  document.body.append(frame);
  const host = document.createElement('div');
  frame.append(host);
  render(<TrainGatesFigure cells={cells} defaults={defaults} />, { container: host });
  return { lookFor: frame.querySelector('.look-for')!, status: () => screen.getByRole('status') };
}

describe('the trained-gates figure', () => {
  it('opens on gated delta at the separator, with its α there and the look-for line for that cell', () => {
    const { lookFor, status } = setup();
    expect(status().textContent).toBe(
      `Token ${sep + 1} of ${open.view.kinds.length}, the separator. β ${open.view.beta![sep]!.toFixed(2)}. α ${open.view.alpha![sep]![0]!.toFixed(2)}.`,
    );
    expect(lookFor.textContent).toMatch(/^Look for the separator: α falls to \d\.\d\d there/);
    // The separator's column is marked across the strips, and the token shown outlined.
    expect(document.querySelectorAll('.gate-separator')).toHaveLength(1);
    expect(document.querySelectorAll('.gate-now')).toHaveLength(1);
  });

  it('moves to any token by the slider, and says its kind and any answer', () => {
    const { status } = setup();
    const last = open.view.kinds.length - 1;
    fireEvent.change(screen.getByLabelText(/Token/), { target: { value: String(last) } });
    const a = open.view.answers[last]!;
    expect(status().textContent).toContain(`Token ${last + 1} of ${last + 1}, a query.`);
    expect(status().textContent).toContain(`${a.right ? 'Right' : 'Wrong'}: ${a.p.toFixed(2)} on the right value.`);
  });

  it('switches cells from its menu, strips and words with it', () => {
    const { lookFor } = setup();
    fireEvent.change(screen.getByLabelText(/Cell/), { target: { value: 'gdn2-switch' } });
    expect(lookFor.textContent).toContain('α, its mean over key channels,');
    expect(document.querySelector('.gate-erase')).not.toBeNull();
    expect(document.querySelector('.gate-write')).not.toBeNull();
    expect(screen.getByRole('status').textContent).toContain('Erase gate b');
  });

  it('takes a reader’s finished run into its menu and shows it', () => {
    setup();
    const run = { ...cells.find((c) => c.id === 'perChannel-switch')!, id: 'run', label: 'Your run: per-channel gated delta', run: true };
    act(() => {
      window.dispatchEvent(new CustomEvent(RUN_GATES_EVENT, { detail: run }));
    });
    const menu = screen.getByLabelText(/Cell/) as HTMLSelectElement;
    expect(menu.value).toBe('run');
    expect(menu.options[0]!.textContent).toBe('Your run: per-channel gated delta');
    expect(document.body.textContent).toContain('trained on this page');
  });
});

describe('a run that ended before the figure woke', () => {
  it('is in the menu and shown once the figure hydrates', () => {
    publishRun({ ...cells.find((c) => c.id === 'delta-switch')!, id: 'run', label: 'Your run: delta rule', run: true });
    try {
      setup();
      expect((screen.getByLabelText(/Cell/) as HTMLSelectElement).value).toBe('run');
    } finally {
      publishRun(null);
    }
  });
});

describe('the trained-gates figure’s address', () => {
  const codec = gatesCodec(cells.map((c) => ({ id: c.id, tokens: c.view.kinds.length })));
  it('keeps the cell and the token, clamps a token past the end and ignores an unknown cell', () => {
    expect(codec.parse(new URLSearchParams('tgcell=gdn2-switch&tgtok=12'), defaults)).toEqual({ cell: 'gdn2-switch', token: 11 });
    expect(codec.parse(new URLSearchParams('tgcell=gdn2-switch&tgtok=999'), defaults).token).toBe(
      cells.find((c) => c.id === 'gdn2-switch')!.view.kinds.length - 1,
    );
    expect(codec.parse(new URLSearchParams('tgcell=nonsense&tgtok=-4'), defaults)).toEqual({ cell: open.id, token: 0 });
    expect(codec.write(defaults, defaults)).toEqual({ tgcell: null, tgtok: null });
    expect(codec.write({ cell: 'delta-switch', token: 3 }, defaults)).toEqual({ tgcell: 'delta-switch', tgtok: '4' });
  });
});
