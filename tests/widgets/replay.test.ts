import { afterEach, describe, expect, it, vi } from 'vitest';
import { recordInput, replay } from '../../src/app/replay';

afterEach(() => {
  document.body.innerHTML = '';
});

function island() {
  document.body.innerHTML = `<div data-island="x">
    <input type="range" id="n" min="1" max="10" value="4">
    <button type="button" id="step">step</button>
    <button type="button" class="select-stand-in" id="stand-in">choose</button>
    <button type="button" id="off" disabled>off</button>
    <div id="grid" tabindex="0"></div>
  </div><button id="outside">outside</button>`;
  return document.querySelector<HTMLElement>('[data-island]')!;
}

describe('input recorded before a figure hydrates', () => {
  it('keeps values (the last of a run), presses and keys, in order, and stops when taken', () => {
    const root = island();
    const recorder = recordInput(root);
    const n = root.querySelector<HTMLInputElement>('#n')!;
    n.value = '5';
    n.dispatchEvent(new Event('input', { bubbles: true }));
    n.value = '6';
    n.dispatchEvent(new Event('input', { bubbles: true }));
    root.querySelector('#step')!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    root.querySelector('#grid')!.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true }));
    root.querySelector('#step')!.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
    root.querySelector('#step')!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    n.value = '7';
    n.dispatchEvent(new Event('change', { bubbles: true }));
    // Not recorded: a stand-in (the real select takes over), a disabled button, a key on a control
    // or Enter on a button (its click is what counts), and anything outside.
    root.querySelector('#stand-in')!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    root.querySelector('#off')!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    n.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
    document.getElementById('outside')!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    const log = recorder.take();
    expect(log.map((a) => `${a.kind}:${a.target.id}:${a.kind === 'value' ? a.value : a.kind === 'key' ? a.init.key : ''}`)).toEqual([
      'value:n:6',
      'click:step:',
      'key:grid:ArrowDown',
      'key:step:ArrowRight',
      'value:n:7',
    ]);
    root.querySelector('#step')!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(recorder.take()).toEqual([]);
  });

  it('replays them on the same elements, in order: values with an input event, presses, keys', async () => {
    const root = island();
    const n = root.querySelector<HTMLInputElement>('#n')!;
    const seen: string[] = [];
    n.addEventListener('input', () => seen.push(`input ${n.value}`));
    n.addEventListener('change', () => seen.push(`change ${n.value}`));
    root.querySelector('#step')!.addEventListener('click', () => seen.push('click'));
    root.querySelector('#grid')!.addEventListener('keydown', (e) => seen.push(`key ${(e as KeyboardEvent).key}`));
    const gone = document.createElement('button');
    const onGone = vi.fn();
    gone.addEventListener('click', onGone);
    await replay([
      { kind: 'value', target: n, value: '9', checked: false },
      { kind: 'click', target: root.querySelector<HTMLElement>('#step')! },
      { kind: 'click', target: gone },
      { kind: 'key', target: root.querySelector<HTMLElement>('#grid')!, init: { key: 'End' } },
    ]);
    expect(seen).toEqual(['input 9', 'click', 'key End']);
    expect(onGone).not.toHaveBeenCalled();
  });
});
