import { afterEach, describe, expect, it, vi } from 'vitest';
import { extractStyleAttributes } from '../../scripts/harden.mjs';
import { downloadThroughWorker, registerServiceWorker } from '../../src/app/offline';
import { restoreStyleAttributes } from '../../src/app/styleAttributes';

/** A stand-in window: a navigator with or without service workers, a load event, input and a clock. */
function fakeWindow(readyState: DocumentReadyState, register?: (url: string, options: RegistrationOptions) => Promise<unknown>) {
  const listeners: Record<string, () => void> = {};
  let timer: (() => void) | null = null;
  return {
    win: {
      navigator: register ? { serviceWorker: { register } } : {},
      document: { readyState },
      addEventListener: (type: string, fn: () => void) => {
        listeners[type] = fn;
      },
      removeEventListener: (type: string) => {
        delete listeners[type];
      },
      setTimeout: (fn: () => void) => {
        timer = fn;
        return 1;
      },
      clearTimeout: () => {
        timer = null;
      },
    } as unknown as Window,
    fire: (type: string) => listeners[type]?.(),
    elapse: () => timer?.(),
  };
}

describe('the service worker’s registration', () => {
  it('waits for load and the first sign of reading, then registers the build’s worker once, asking the server for it on every load', () => {
    const register = vi.fn(() => Promise.resolve({}));
    const { win, fire, elapse } = fakeWindow('interactive', register);
    registerServiceWorker(win);
    fire('scroll');
    expect(register).not.toHaveBeenCalled();
    fire('load');
    expect(register).not.toHaveBeenCalled();
    fire('scroll');
    expect(register).toHaveBeenCalledWith('./sw.js', { updateViaCache: 'none' });
    fire('keydown');
    elapse();
    expect(register).toHaveBeenCalledTimes(1);
  });

  it('registers a while after load when the reader does nothing', () => {
    const register = vi.fn(() => Promise.resolve({}));
    const { win, elapse } = fakeWindow('complete', register);
    registerServiceWorker(win);
    expect(register).not.toHaveBeenCalled();
    elapse();
    expect(register).toHaveBeenCalledTimes(1);
  });

  it('does nothing where service workers are unavailable, and swallows a failed registration', async () => {
    expect(() => registerServiceWorker(fakeWindow('complete').win)).not.toThrow();
    const failing = vi.fn(() => Promise.reject(new Error('blocked')));
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    const { win, fire } = fakeWindow('complete', failing);
    registerServiceWorker(win);
    fire('pointerdown');
    await new Promise((r) => setTimeout(r, 10));
    process.off('unhandledRejection', unhandled);
    expect(failing).toHaveBeenCalled();
    expect(unhandled).not.toHaveBeenCalled();
  });
});

describe('download links while a worker controls the page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    document.body.innerHTML = '';
  });

  function setUp(controlled: boolean) {
    document.body.innerHTML = '<a href="/data/architectures.csv" download="architectures.csv"><span>CSV</span></a><a href="/about">about</a>';
    Object.defineProperty(navigator, 'serviceWorker', { value: controlled ? { controller: {} } : undefined, configurable: true });
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, origin: window.location.origin, assign } as Location);
    return assign;
  }

  it('become a navigation with ?download, which the worker answers as an attachment', () => {
    const assign = setUp(true);
    downloadThroughWorker(document);
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    document.querySelector('span')!.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
    expect(assign).toHaveBeenCalledWith(`${window.location.origin}/data/architectures.csv?download=`);
    // Other links, and a click with a modifier (open in a new tab), are the browser's.
    const plain = new MouseEvent('click', { bubbles: true, cancelable: true });
    document.querySelector('a[href="/about"]')!.dispatchEvent(plain);
    const modified = new MouseEvent('click', { bubbles: true, cancelable: true, ctrlKey: true });
    document.querySelector('a[download]')!.dispatchEvent(modified);
    expect(plain.defaultPrevented || modified.defaultPrevented).toBe(false);
    expect(assign).toHaveBeenCalledTimes(1);
  });

  it('are left to the browser when no worker controls the page', () => {
    const assign = setUp(false);
    downloadThroughWorker(document);
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    document.querySelector('a[download]')!.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(false);
    expect(assign).not.toHaveBeenCalled();
  });
});

describe('moved styles put back before a figure hydrates', () => {
  it('restores each element’s declarations as inline styles, but leaves equations’ classes', () => {
    // The build's own transformation, then the browser's way back.
    const server =
      '<div id="island"><div class="bar" style="width:40%;--cols:8"><span style="left:10%"></span></div>' +
      '<span class="katex"><span class="vlist" style="height:1em"></span></span></div>';
    const { html, css } = extractStyleAttributes(server);
    document.head.innerHTML = `<style>${css}</style>`;
    document.body.innerHTML = html;
    const island = document.getElementById('island')!;
    expect(island.querySelectorAll('[style]')).toHaveLength(0);
    expect(restoreStyleAttributes(island)).toBe(2);
    const bar = island.querySelector<HTMLElement>('.bar')!;
    expect(bar.className).toBe('bar');
    expect(bar.style.width).toBe('40%');
    expect(bar.style.getPropertyValue('--cols')).toBe('8');
    const dot = bar.querySelector('span')!;
    expect(dot.hasAttribute('class')).toBe(false);
    expect(dot.style.left).toBe('10%');
    const strut = island.querySelector<HTMLElement>('.vlist')!;
    expect(strut.getAttribute('style')).toBeNull();
    expect(strut.className).toMatch(/^vlist _\w+$/);
  });
});
