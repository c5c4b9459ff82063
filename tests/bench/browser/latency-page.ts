/**
 * The half of the latency harness (./latency.ts) that runs inside the page: it is sent there as
 * source, so it reaches nothing outside itself.
 */

/** One move: a control's selector and the value to set, or null to click it. */
export type Step = [selector: string, value: string | null];

/**
 * Installed once per page as `window.__latency`: moves, a measured run of them, and the
 * recording of a figure's DOM writes with their replay.
 */
export function inPage() {
  const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  const setValue = (el: HTMLInputElement, to: string) => Object.getOwnPropertyDescriptor(Object.getPrototypeOf(el), 'value')!.set!.call(el, to);
  const find = (selector: string) => {
    const el = document.querySelector<HTMLInputElement>(selector);
    if (!el) throw new Error(`no element matches ${selector}`);
    return el;
  };
  const move = (el: HTMLInputElement, value: string | null) => {
    if (value === null) return el.click();
    setValue(el, value);
    el.dispatchEvent(new Event('input', { bubbles: true }));
    el.dispatchEvent(new Event('change', { bubbles: true }));
  };
  /** Every node under `root`, itself included, in document order. */
  const nodes = (root: Node) => {
    const walker = document.createTreeWalker(root);
    const out = [root];
    while (walker.nextNode()) out.push(walker.currentNode);
    return out;
  };
  const drawable = (n: Node): n is HTMLCanvasElement => n instanceof HTMLCanvasElement && n.width > 0 && n.height > 0 && n.getContext('2d') !== null;
  /** A deep copy whose canvases hold the original's pictures, with the pairs of nodes that match. */
  const clone = (n: Node) => {
    const [from, to] = [nodes(n), nodes(n.cloneNode(true))];
    from.forEach((x, i) => {
      if (drawable(x)) (to[i] as HTMLCanvasElement).getContext('2d')!.drawImage(x, 0, 0);
    });
    return { copy: to[0]!, pairs: from.map((x, i) => [x, to[i]!] as const) };
  };
  const take = (root: Node) => {
    const all = nodes(root);
    const els = all.filter((n): n is Element => n instanceof Element);
    return {
      words: new Map(all.filter((n): n is Text => n instanceof Text).map((t) => [t, t.nodeValue ?? ''])),
      attrs: new Map(els.map((e) => [e, new Map([...e.attributes].map((a) => [a.name, a.value]))])),
      kids: new Map(els.map((e) => [e, [...e.childNodes]])),
      bitmaps: new Map(all.filter(drawable).map((c) => [c, c.getContext('2d')!.getImageData(0, 0, c.width, c.height)])),
      // A control's value is a property, not an attribute: a figure that moves its own slider writes it.
      values: new Map(all.filter((n): n is HTMLInputElement => n instanceof HTMLInputElement).map((e) => [e, e.value])),
    };
  };
  const same = (a: Node[], b: Node[]) => a.length === b.length && a.every((n, i) => n === b[i]);
  /**
   * Writes an attribute as the figure's script did. The page's policy (style-src without
   * 'unsafe-inline') refuses a style attribute set as markup, while the figure's own writes go
   * through the style object, which it allows: a style goes in the same way.
   */
  const write = (e: Element, name: string, value: string | null) => {
    if (value === null) e.removeAttribute(name);
    else if (name === 'style' && (e instanceof HTMLElement || e instanceof SVGElement)) e.style.cssText = value;
    else e.setAttribute(name, value);
  };
  let replays: (() => void)[] = [];
  /** Readies a replay on the figure as it stands; returns what undoes it. */
  let prepare: () => () => void = () => {
    throw new Error('nothing recorded');
  };

  async function run(steps: Step[], replay: boolean) {
    const els = steps.map(([selector]) => find(selector));
    // A replay moves the controls, but their events stop at the window: no script of the page hears them.
    const controls = new Set<EventTarget>(els);
    const stop = (event: Event) => void (event.target && controls.has(event.target) && event.stopImmediatePropagation());
    const types = replay ? ['input', 'change', 'click'] : [];
    const values = new Map(els.flatMap((el, i) => (steps[i]![1] === null ? [] : [[el, el.value] as const])));
    for (const type of types) window.addEventListener(type, stop, true);
    // A write the page's policy refuses never reaches the page: the floor would leave it out.
    const refused: string[] = [];
    const refuse = (event: SecurityPolicyViolationEvent) => refused.push(`${event.violatedDirective} (${event.sample || event.blockedURI})`);
    if (replay) document.addEventListener('securitypolicyviolation', refuse);
    const undo = replay ? prepare() : null;
    try {
      for (let i = 0; i < steps.length; i++) {
        performance.mark(`lat-start-${i}`);
        move(els[i]!, steps[i]![1]);
        if (replay) replays[i]!();
        await frame();
        performance.mark(`lat-end-${i}`);
        // A short breath before the next move, as between a drag's events: work a figure defers
        // past its frame and has not done by then falls into the next move's window, and counts.
        await new Promise((resolve) => setTimeout(resolve, 8));
      }
    } finally {
      for (const type of types) window.removeEventListener(type, stop, true);
      // The page's scripts never heard the replay: the DOM goes back to what they last wrote.
      if (undo) for (const [el, value] of values) setValue(el, value);
      undo?.();
    }
    // The event is dispatched in a task of its own, after the write.
    await new Promise((resolve) => setTimeout(resolve, 0));
    document.removeEventListener('securitypolicyviolation', refuse);
    if (refused.length > 0) throw new Error(`the replay wrote what the page's policy refused: ${refused.slice(0, 3).join('; ')}`);
  }

  /**
   * Drives the figure through the moves for real and records, after each move's frame, every
   * DOM write it made inside `scope`: text, attributes set or removed, canvas pictures, inputs' values, and
   * children added, removed or moved (added ones as copies, inserted where the figure put them).
   */
  async function record(scope: string, steps: Step[]) {
    const root = find(scope);
    const start = nodes(root);
    // Every node of a subtree the figure added, matched to its node in a kept copy of it.
    const kept = new Map<Node, Node>();
    const copies: Node[] = [];
    // The node each recorded one stands for in the replay under way.
    let live = new Map<Node, Node>();
    const at = <T extends Node>(n: T) => (live.get(n) ?? n) as T;
    replays = [];
    let was = take(root);
    for (const [selector, value] of steps) {
      move(find(selector), value);
      await frame();
      const now = take(root);
      const kids = [...now.kids].flatMap(([e, list]) => {
        const before = was.kids.get(e);
        if (!before || same(before, list)) return [];
        // As React places keyed children: a kept node moves when it now follows one that was after it.
        let last = -1;
        const order = list.map((n) => {
          const i = before.indexOf(n);
          if (i < 0) {
            const { copy, pairs } = clone(n);
            copies.push(copy);
            for (const [x, y] of pairs) kept.set(x, y);
          }
          const place = i < last || i < 0;
          last = Math.max(last, i);
          return [place, n] as const;
        });
        return [[e, before.filter((n) => !list.includes(n)), order] as const];
      });
      const texts = [...now.words].filter(([t, w]) => was.words.has(t) && was.words.get(t) !== w);
      const attrs = [...now.attrs].flatMap(([e, map]) => {
        const before = was.attrs.get(e);
        if (!before) return [];
        const gone = [...before.keys()].filter((k) => !map.has(k)).map((k) => [e, k, null] as const);
        return [...[...map].filter(([k, v]) => before.get(k) !== v).map(([k, v]) => [e, k, v] as const), ...gone];
      });
      const values = [...now.values].filter(([e, v]) => was.values.has(e) && was.values.get(e) !== v);
      const bitmaps = [...now.bitmaps].filter(([c, image]) => {
        const before = was.bitmaps.get(c)?.data;
        return before !== undefined && (before.length !== image.data.length || image.data.some((x, i) => x !== before[i]));
      });
      was = now;
      replays.push(() => {
        for (const [e, removed, order] of kids) {
          const parent = at(e);
          for (const n of removed) at(n).remove();
          // From the end, so each node goes in before one already in its final place.
          let next: Node | null = null;
          for (let j = order.length - 1; j >= 0; j--) {
            const [place, n] = order[j]!;
            const node = at(n);
            if (place) parent.insertBefore(node, next);
            next = node;
          }
        }
        for (const [t, w] of texts) at(t).nodeValue = w;
        for (const [e, k, v] of attrs) write(at(e), k, v);
        for (const [c, image] of bitmaps) at(c).getContext('2d')!.putImageData(image, 0, 0);
        for (const [e, v] of values) setValue(at(e), v);
      });
    }
    prepare = () => {
      // The figure was put back where the recording began: the same nodes, or rebuilt in their places.
      const now = nodes(root);
      if (now.length !== start.length) throw new Error(`${scope} is not back where its recording began`);
      live = new Map(start.map((n, i) => [n, now[i]!]));
      // Fresh copies each replay, so that none carries the writes of the replay before.
      const fresh = new Map(copies.flatMap((c) => clone(c).pairs));
      for (const [x, y] of kept) live.set(x, fresh.get(y)!);
      const s = take(root);
      return () => {
        for (const [e, list] of s.kids) if (!same([...e.childNodes], list)) e.replaceChildren(...list);
        for (const [t, w] of s.words) if (t.nodeValue !== w) t.nodeValue = w;
        for (const [e, map] of s.attrs) {
          for (const a of [...e.attributes]) if (!map.has(a.name)) e.removeAttribute(a.name);
          for (const [k, v] of map) if (e.getAttribute(k) !== v) write(e, k, v);
        }
        for (const [c, image] of s.bitmaps) c.getContext('2d')!.putImageData(image, 0, 0);
        for (const [e, v] of s.values) if (e.value !== v) setValue(e, v);
      };
    };
  }

  return { run, record };
}

export type Installed = { __latency: ReturnType<typeof inPage> };
