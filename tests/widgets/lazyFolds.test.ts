import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { wireLazyFolds } from '../../src/app/lazyFolds';

/** The page as the build serves it: a citation pointing at the references' own page, and two folds whose bodies left it. */
const SERVED = `
  <p>See <a id="cite" href="refs.html#ref-a">[1]</a> and <a id="other" href="elsewhere.html#x">x</a>.</p>
  <details id="refs" class="fold"><summary>References</summary><div class="fold-slot" data-fold-src="refs.html"><p><a href="refs.html">References</a>: on a page of its own.</p></div></details>
  <details id="notes" class="fold"><summary>Notes</summary><div class="fold-slot" data-fold-src="notes.html"><p><a href="notes.html">Notes</a>: on a page of its own.</p></div></details>`;

const BODIES: Record<string, string> = {
  'folds/refs.html': '<ol><li id="ref-a">A, 2020. <a href="#cite">back</a></li></ol>',
  'folds/notes.html': '<p id="note-1">A note <span data-island="demo">figure</span></p>',
};

let fetched: string[] = [];
beforeEach(() => {
  fetched = [];
  document.body.innerHTML = SERVED;
  delete document.documentElement.dataset.folds;
  history.replaceState(null, '', location.pathname);
  vi.stubGlobal('fetch', async (url: string) => {
    fetched.push(url);
    const body = BODIES[url];
    return body ? new Response(body) : new Response('', { status: 404 });
  });
  // Idle work waits until a test lets it run.
  vi.stubGlobal('requestIdleCallback', () => 0);
  Element.prototype.scrollIntoView = () => {};
});
afterEach(() => vi.unstubAllGlobals());

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('the heavy folds, put back by the page', () => {
  it('turns links the build pointed at a fold’s page back into in-page links, and leaves other pages’ links alone', () => {
    wireLazyFolds(window, () => {});
    expect(document.getElementById('cite')!.getAttribute('href')).toBe('#ref-a');
    expect(document.getElementById('other')!.getAttribute('href')).toBe('elsewhere.html#x');
    expect(fetched).toEqual([]);
  });

  it('puts a body back where its slot stood when the fold is opened, and hands it to the page to wire', async () => {
    const adopted: string[] = [];
    wireLazyFolds(window, (root) => adopted.push(root.id));
    const fold = document.getElementById('notes') as HTMLDetailsElement;
    fold.open = true;
    fold.dispatchEvent(new Event('toggle'));
    await vi.waitFor(() => expect(document.getElementById('note-1')).not.toBeNull());
    expect(fetched).toEqual(['folds/notes.html']);
    expect(fold.querySelector('[data-fold-src]')).toBeNull();
    expect(fold.children[0]!.localName).toBe('summary');
    expect(fold.querySelector('[data-island="demo"]')).not.toBeNull();
    expect(adopted).toEqual(['notes']);
    // Opened again, it is not fetched again.
    fold.dispatchEvent(new Event('toggle'));
    await settle();
    expect(fetched).toEqual(['folds/notes.html']);
  });

  it('an address naming an id inside a moved fold brings every body back, then opens that fold', async () => {
    history.replaceState(null, '', '#ref-a');
    wireLazyFolds(window, () => {});
    await vi.waitFor(() => expect(document.documentElement.dataset.folds).toBe('loaded'));
    expect(fetched.sort()).toEqual(['folds/notes.html', 'folds/refs.html']);
    expect((document.getElementById('refs') as HTMLDetailsElement).open).toBe(true);
    expect((document.getElementById('notes') as HTMLDetailsElement).open).toBe(false);
  });

  it('a body that cannot be fetched leaves its slot, with the link to the fold’s page', async () => {
    vi.stubGlobal('fetch', async () => new Response('', { status: 503 }));
    const lazy = wireLazyFolds(window, () => {});
    await lazy.loadAll();
    expect(document.querySelectorAll('[data-fold-src]')).toHaveLength(2);
    expect(document.querySelector('#refs .fold-slot a')!.getAttribute('href')).toBe('refs.html');
    // Every fold tried and settled: the page says so, and a later need asks for none again.
    expect(document.documentElement.dataset.folds).toBe('loaded');
    let asked = 0;
    vi.stubGlobal('fetch', async () => {
      asked += 1;
      return new Response('', { status: 503 });
    });
    await lazy.loadAll();
    expect(asked).toBe(0);
  });

  it('after the first paint, asks for every body in one idle moment, then puts one in per idle moment', async () => {
    // What earlier tests' pages left scheduled runs out first, into the stub that drops it.
    await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
    const queue: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (run: () => void) => queue.push(run));
    wireLazyFolds(window, () => {});
    // A frame and a task after load, then an idle moment: nothing is asked for before it.
    await vi.waitFor(() => expect(queue).toHaveLength(1));
    expect(fetched).toEqual([]);
    queue.shift()!();
    expect(fetched).toEqual(['folds/refs.html', 'folds/notes.html']);
    await settle();
    // Both are in hand, neither is in the page: each waits for an idle moment of its own.
    expect(document.getElementById('ref-a')).toBeNull();
    expect(queue).toHaveLength(1);
    queue.shift()!();
    await vi.waitFor(() => expect(document.getElementById('ref-a')).not.toBeNull());
    expect(document.getElementById('note-1')).toBeNull();
    await vi.waitFor(() => expect(queue).toHaveLength(1));
    queue.shift()!();
    await vi.waitFor(() => expect(document.getElementById('note-1')).not.toBeNull());
    expect(document.documentElement.dataset.folds).toBe('loaded');
    expect(fetched).toHaveLength(2);
  });

  it('a figure’s own folds come back before it hydrates', async () => {
    document.body.innerHTML = `<div data-island="fig"><details id="inner" class="fold"><summary>Table</summary><div class="fold-slot" data-fold-src="notes.html"></div></details></div>${SERVED.replace(/notes/g, 'other')}`;
    const lazy = wireLazyFolds(window, () => {});
    await lazy.loadWithin(document.querySelector('[data-island="fig"]')!);
    expect(document.getElementById('note-1')).not.toBeNull();
    expect(fetched).toEqual(['folds/notes.html']);
  });
});

describe('the moved folds’ own stylesheet', () => {
  const styled = (html: string) => html.replaceAll('class="fold-slot"', 'class="fold-slot" data-fold-styles="assets/folds-x.css"');
  const open = (id: string) => {
    const fold = document.getElementById(id) as HTMLDetailsElement;
    fold.open = true;
    fold.dispatchEvent(new Event('toggle'));
  };
  const sheets = () =>
    [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].filter((l) => l.getAttribute('href') === 'assets/folds-x.css');
  afterEach(() => {
    for (const link of sheets()) link.remove();
  });

  it('is linked once, and a body waits for it before it is put back', async () => {
    document.body.innerHTML = styled(SERVED);
    wireLazyFolds(window, () => {});
    open('notes');
    open('refs');
    await vi.waitFor(() => expect(fetched).toEqual(['folds/notes.html', 'folds/refs.html']));
    await settle();
    expect(sheets()).toHaveLength(1);
    // The bodies have come, but the sheet has not: the slots stand.
    expect(document.getElementById('note-1')).toBeNull();
    expect(document.querySelectorAll('[data-fold-src]')).toHaveLength(2);
    sheets()[0]!.dispatchEvent(new Event('load'));
    await vi.waitFor(() => expect(document.getElementById('note-1')).not.toBeNull());
    await vi.waitFor(() => expect(document.getElementById('ref-a')).not.toBeNull());
  });

  it('that fails to load still lets the bodies in, to read unstyled', async () => {
    document.body.innerHTML = styled(SERVED);
    wireLazyFolds(window, () => {});
    open('notes');
    await vi.waitFor(() => expect(sheets()).toHaveLength(1));
    sheets()[0]!.dispatchEvent(new Event('error'));
    await vi.waitFor(() => expect(document.getElementById('note-1')).not.toBeNull());
  });

  it('is not asked for where the slots name none', async () => {
    wireLazyFolds(window, () => {});
    open('notes');
    await vi.waitFor(() => expect(document.getElementById('note-1')).not.toBeNull());
    expect(document.head.querySelectorAll('link[rel="stylesheet"]')).toHaveLength(0);
  });
});
