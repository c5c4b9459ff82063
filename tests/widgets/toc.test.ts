import { describe, expect, it } from 'vitest';
import { currentSection, watchSections } from '../../src/app/toc';

/** Sections stacked without gaps: each ends where the next begins; the last is 400 px tall. */
const tops = (...t: number[]) => t.map((top, i) => ({ id: String.fromCharCode(97 + i), top, bottom: t[i + 1] ?? top + 400 }));

describe('the section being read', () => {
  it('is the last one whose top has passed the reading line', () => {
    expect(currentSection(tops(-900, -100, 200, 800), 1000, false, '')).toBe('c');
    expect(currentSection(tops(-900, -100, 400, 800), 1000, false, '')).toBe('b');
  });

  it('is the first one before any has reached the line', () => {
    expect(currentSection(tops(500, 1500), 1000, false, '')).toBe('a');
  });

  it('at the end of the page, is the linked section when it is on screen', () => {
    expect(currentSection(tops(-2000, -50, 450, 700), 1000, true, 'd')).toBe('d');
    expect(currentSection(tops(-2000, -50, 450, 700), 1000, true, 'a')).toBe('d');
    expect(currentSection(tops(-2000, -50, 450, 700), 1000, true, 'c')).toBe('c');
  });

  it('marks exactly one contents link as the current location, the first while the page loads', () => {
    document.body.innerHTML = `
      <nav><a href="#a" data-toc="a">A</a><a href="#b" data-toc="b">B</a></nav>
      <section id="a" class="section"></section><section id="b" class="section"></section>`;
    const stop = watchSections(document);
    const marked = document.querySelectorAll('[aria-current="location"]');
    expect(marked).toHaveLength(1);
    expect(marked[0]!.getAttribute('data-toc')).toBe('a');
    stop();
  });

  it('while the page loads, marks the section holding what the address names', () => {
    document.body.innerHTML = `
      <nav><a href="#a" data-toc="a">A</a><a href="#b" data-toc="b">B</a></nav>
      <section id="a" class="section"></section><section id="b" class="section"><p id="inner">x</p></section>`;
    window.location.hash = '#inner';
    const stop = watchSections(document);
    expect(document.querySelector('[aria-current="location"]')!.getAttribute('data-toc')).toBe('b');
    stop();
    window.location.hash = '';
  });
});
