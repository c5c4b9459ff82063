import { afterEach, describe, expect, it, vi } from 'vitest';
import { holdAnchors } from '../../src/app/anchor';

/** A ResizeObserver whose callback the test calls: "the sections changed size". */
let resized: () => void = () => {};
class FakeResizeObserver {
  constructor(cb: () => void) {
    resized = cb;
  }
  observe() {}
  disconnect() {}
}

function page(targetTop: () => number) {
  document.body.innerHTML = '<section class="section" id="a"></section><section class="section" id="b"><h2 id="t">T</h2></section>';
  const target = document.getElementById('t')!;
  const placed = vi.fn(() => {
    window.scrollY = 1000;
  });
  target.scrollIntoView = placed;
  target.getBoundingClientRect = () => ({ top: targetTop() }) as DOMRect;
  window.history.replaceState(null, '', '/#t');
  return placed;
}

describe('holding a linked section in place', () => {
  let stop = () => {};
  afterEach(() => {
    stop();
    vi.unstubAllGlobals();
    window.history.replaceState(null, '', '/');
    window.scrollY = 0;
  });

  it('puts the target back each time sections above it change size', () => {
    vi.stubGlobal('ResizeObserver', FakeResizeObserver);
    const placed = page(() => 0);
    stop = holdAnchors(window);
    resized();
    resized();
    expect(placed).toHaveBeenCalledTimes(2);
  });

  it('keeps holding when the browser’s scroll anchoring moved the page but left the target near the top', () => {
    vi.stubGlobal('ResizeObserver', FakeResizeObserver);
    const placed = page(() => -11);
    stop = holdAnchors(window);
    resized();
    window.scrollY = 1011;
    resized();
    expect(placed).toHaveBeenCalledTimes(2);
  });

  it('lets go once something else has scrolled the target away', () => {
    vi.stubGlobal('ResizeObserver', FakeResizeObserver);
    let top = 0;
    const placed = page(() => top);
    stop = holdAnchors(window);
    resized();
    window.scrollY = 3000;
    top = -2000;
    resized();
    top = 0;
    window.scrollY = 1000;
    resized();
    expect(placed).toHaveBeenCalledTimes(1);
  });

  it('puts a followed link’s target at the top where its smooth scroll ends short of it, as when a section above grew on the way', () => {
    vi.stubGlobal('ResizeObserver', FakeResizeObserver);
    let top = 0;
    const placed = page(() => top);
    stop = holdAnchors(window);
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    expect(placed).toHaveBeenCalledTimes(1);
    // A section above the target drew 300 px taller while the page scrolled: the scroll ends there.
    top = 300;
    window.dispatchEvent(new Event('scrollend'));
    expect(placed).toHaveBeenCalledTimes(2);
    expect(placed).toHaveBeenLastCalledWith({ block: 'start', behavior: 'instant' });
    // And it is held there as the sections go on changing size.
    top = 0;
    resized();
    expect(placed).toHaveBeenCalledTimes(3);
  });

  it('leaves a reader who scrolls during the jump where they scrolled to', () => {
    vi.stubGlobal('ResizeObserver', FakeResizeObserver);
    const placed = page(() => 300);
    stop = holdAnchors(window);
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    window.dispatchEvent(new Event('wheel'));
    window.dispatchEvent(new Event('scrollend'));
    resized();
    expect(placed).toHaveBeenCalledTimes(1);
  });
});
