/**
 * The build moves the page's style attributes into classes (`_0`, `_1` …, scripts/harden.mjs),
 * so the page runs under a policy that blocks inline styles. Before React takes over a figure,
 * its elements get those styles back as inline styles set through the CSSOM (which the policy
 * allows), so the markup React hydrates is the markup it rendered, and a style it later changes
 * or removes is not held by a class. Equation markup keeps its classes: a figure may set it again
 * as HTML, where only classes can carry its styles.
 */
const MOVED = /^_[0-9a-z]+$/;
const RULE = /^\.(_[0-9a-z]+):not\(#\\#\)$/;

let declarations: Map<string, string> | undefined;

/** Each moved class's declarations, read once from the page's stylesheets. */
function movedStyles(doc: Document): Map<string, string> {
  if (declarations) return declarations;
  const found = new Map<string, string>();
  for (const sheet of Array.from(doc.styleSheets)) {
    let rules: CSSRuleList;
    try {
      rules = sheet.cssRules;
    } catch {
      continue;
    }
    for (const rule of Array.from(rules)) {
      const match = 'selectorText' in rule && 'style' in rule ? RULE.exec(String(rule.selectorText)) : null;
      if (match?.[1]) found.set(match[1], (rule as CSSStyleRule).style.cssText);
    }
  }
  if (found.size > 0) declarations = found;
  return found;
}

/** Puts the moved styles back on every element under `root` but equations'; returns how many. */
export function restoreStyleAttributes(root: Element): number {
  const styles = movedStyles(root.ownerDocument);
  let restored = 0;
  for (const el of Array.from(root.querySelectorAll<HTMLElement | SVGElement>('[class*="_"]'))) {
    const moved = Array.from(el.classList).filter((c) => MOVED.test(c));
    if (moved.length === 0 || el.closest('.katex')) continue;
    for (const name of moved) {
      const css = styles.get(name);
      if (css !== undefined) el.style.cssText += css;
      el.classList.remove(name);
    }
    if (el.classList.length === 0) el.removeAttribute('class');
    restored++;
  }
  return restored;
}
