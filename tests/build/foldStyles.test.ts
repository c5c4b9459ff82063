import { describe, expect, it } from 'vitest';
import { classesIn, splitFoldStyles, wordsIn } from '../../scripts/fold-styles.mjs';

const set = (...names: string[]) => new Set(names);

describe('the rules only the moved folds use leave the head', () => {
  // `lab` and `refs` are classes of the moved folds alone; `table` is in both; `open` is a word a
  // script on the page holds, so a class it may set.
  const classes = { kept: set('table', 'lede', 'open'), moved: set('lab', 'refs', 'table', 'open') };
  const split = (css: string) => splitFoldStyles(css, classes);

  it('moves a rule whose every selector names a class of the moved folds alone', () => {
    const out = split('.lab{color:red}.lede{margin:0}.refs li,.lab-x .lab span{padding:1px}');
    // `.lab-x` is not a class of the folds, but `.lab` in the same selector is.
    expect(out.folds).toBe('.lab{color:red}.refs li,.lab-x .lab span{padding:1px}');
    expect(out.head).toBe('.lede{margin:0}');
    expect(out.rules).toBe(2);
  });

  it('keeps a rule one of whose selectors might match what stays', () => {
    const out = split('.lab,.lede{color:red}.table .lab{x:1}.lab .table{y:2}.lab.open{z:3}');
    // The second and later: each selector still names .lab, so they go.
    expect(out.head).toBe('.lab,.lede{color:red}');
    expect(out.folds).toBe('.table .lab{x:1}.lab .table{y:2}.lab.open{z:3}');
  });

  it('keeps a class the page’s scripts may set, and a class inside :not(), :is() or an attribute', () => {
    const out = split('.open{a:1}p:not(.lab){b:2}:is(.lab,.lede) p{c:3}[data-x=".lab"]{d:4}a[href$=".refs"] .lede{e:5}');
    expect(out.folds).toBe('');
    expect(out.rules).toBe(0);
  });

  it('splits a media query between the two, and drops a group left empty', () => {
    const out = split('@media (max-width:520px){.lab{a:1}.lede{b:2}}@media print{.refs{c:3}}');
    expect(out.head).toBe('@media (max-width:520px){.lede{b:2}}');
    expect(out.folds).toBe('@media (max-width:520px){.lab{a:1}}@media print{.refs{c:3}}');
  });

  it('keeps at-rules that are not groups, rules with urls, nested rules and statements', () => {
    const css =
      '@charset "utf-8";@font-face{font-family:X;src:url(./x.woff2)}@keyframes lab{to{opacity:1}}.lab{background:url(./a.svg)}.lab{&:hover{color:red}}';
    expect(split(css)).toEqual({ head: css, folds: '', rules: 0 });
  });

  it('reads braces and commas inside strings and comments as text', () => {
    const out = split('[data-x="{"] .lab:after{content:"}{,"}/* .lede { */.lede{a:1}');
    expect(out.folds).toBe('[data-x="{"] .lab:after{content:"}{,"}');
    expect(out.head).toBe('.lede{a:1}');
  });

  it('refuses a stylesheet whose block never closes, naming where it opened', () => {
    expect(() => split('.lede{a:1}.lab{b:2')).toThrow(/character 14/);
  });

  it('reads the classes of markup and the words of a script', () => {
    expect(classesIn('<p class="a  b"><svg class="c"></svg><i data-class="d"></i></p>')).toEqual(set('a', 'b', 'c'));
    expect(wordsIn('e("mem-bar",{className:"is-"+x})')).toEqual(set('e', 'mem-bar', 'className', 'is-', 'x'));
  });
});
