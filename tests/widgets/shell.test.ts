import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyTheme, wireThemeToggle } from '../../src/app/theme';
import { wakeWhenNear } from '../../src/app/wake';

function mockSystemDark(dark: boolean) {
  vi.stubGlobal(
    'matchMedia',
    (query: string) =>
      ({
        matches: dark && query.includes('dark'),
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as unknown as MediaQueryList,
  );
}

describe('the theme switch, wired without a framework', () => {
  let unwire = () => {};
  beforeEach(() => {
    localStorage.clear();
    delete document.documentElement.dataset.theme;
    document.body.innerHTML = '<button type="button" class="theme-toggle" disabled><span class="theme-toggle-icon">☀</span>Dark theme</button>';
  });
  afterEach(() => {
    unwire();
    vi.unstubAllGlobals();
  });

  it('enables the prerendered button, starts from the system preference and switches, remembering the choice', () => {
    mockSystemDark(false);
    unwire = wireThemeToggle(document);
    const button = document.querySelector('button')!;
    expect(button.disabled).toBe(false);
    expect(button.getAttribute('aria-pressed')).toBe('false');
    button.click();
    expect(button.getAttribute('aria-pressed')).toBe('true');
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(button.querySelector('.theme-toggle-icon')!.textContent).toBe('☾');
    button.click();
    expect(localStorage.getItem('theme')).toBe('light');
  });

  it('reads a dark system preference, and follows a switch made elsewhere', () => {
    mockSystemDark(true);
    unwire = wireThemeToggle(document);
    const button = document.querySelector('button')!;
    expect(button.getAttribute('aria-pressed')).toBe('true');
    applyTheme('light');
    expect(button.getAttribute('aria-pressed')).toBe('false');
  });
});

describe('wakeWhenNear', () => {
  let observed: { callback: IntersectionObserverCallback; targets: Element[] }[] = [];
  beforeEach(() => {
    observed = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        targets: Element[] = [];
        constructor(callback: IntersectionObserverCallback) {
          observed.push({ callback, targets: this.targets });
        }
        observe(el: Element) {
          this.targets.push(el);
        }
        unobserve() {}
        disconnect() {}
      },
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  const islands = () => {
    document.body.innerHTML = '<div data-island="a"><button>a</button></div><div data-island="b"><input /></div>';
    return [...document.querySelectorAll<HTMLElement>('[data-island]')];
  };

  it('wakes a figure once, when it comes near', () => {
    const els = islands();
    const woken: string[] = [];
    wakeWhenNear(els, (el) => woken.push(el.dataset.island!));
    expect(woken).toEqual([]);
    const { callback } = observed[0]!;
    const near = (el: Element, isIntersecting: boolean) => ({ target: el, isIntersecting }) as IntersectionObserverEntry;
    callback([near(els[0]!, false)], {} as IntersectionObserver);
    expect(woken).toEqual([]);
    callback([near(els[0]!, true)], {} as IntersectionObserver);
    callback([near(els[0]!, true)], {} as IntersectionObserver);
    expect(woken).toEqual(['a']);
  });

  it('wakes a figure at once on a touch, focus or key inside it, before it comes near', () => {
    const els = islands();
    const woken: string[] = [];
    wakeWhenNear(els, (el) => woken.push(el.dataset.island!));
    els[0]!.querySelector('button')!.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    els[1]!.querySelector('input')!.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    els[1]!.querySelector('input')!.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true }));
    expect(woken).toEqual(['a', 'b']);
  });
});
