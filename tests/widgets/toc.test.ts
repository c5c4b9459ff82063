import { afterEach, describe, expect, it, vi } from 'vitest';
import { watchSections } from '../../src/app/toc';

type Callback = (entries: { target: Element; isIntersecting: boolean }[]) => void;

describe('contents marker', () => {
  let callback: Callback = () => {};
  afterEach(() => vi.unstubAllGlobals());

  function setup() {
    document.body.innerHTML = `
      <nav><a href="#a" data-toc="a">A</a><a href="#b" data-toc="b">B</a></nav>
      <section id="a"></section><section id="b"></section>`;
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(cb: Callback) {
          callback = cb;
        }
        observe() {}
        disconnect() {}
      },
    );
    return watchSections(document);
  }

  it('marks the first section on screen as the current location, and only that one', () => {
    const stop = setup();
    const a = document.querySelector('[data-toc="a"]')!;
    const b = document.querySelector('[data-toc="b"]')!;
    callback([{ target: document.getElementById('b')!, isIntersecting: true }]);
    expect(b.getAttribute('aria-current')).toBe('location');
    expect(a.hasAttribute('aria-current')).toBe(false);
    callback([{ target: document.getElementById('a')!, isIntersecting: true }]);
    expect(a.getAttribute('aria-current')).toBe('location');
    expect(b.hasAttribute('aria-current')).toBe(false);
    stop();
  });

  it('follows a hash change to a section', () => {
    const stop = setup();
    location.hash = '#b';
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    expect(document.querySelector('[data-toc="b"]')!.getAttribute('aria-current')).toBe('location');
    stop();
  });
});
