/**
 * The list of studies reads as sentences: no phrase said twice in one entry, no template left with a
 * status word in it. It counts the studies as the evidence figure above it does, and that figure's
 * frame holds no height its rows do not fill.
 */
import { describe, expect, it } from 'vitest';
import raw from '../../data/comparisons.json';
import { renderedDocument } from '../renderedPage';

const document = renderedDocument();
const entries = [...document.querySelectorAll('.evidence-studies > li')].map((li) => li.textContent!.replace(/\s+/g, ' '));

describe('each study’s entry', () => {
  it('says its hybrid’s attention once', () => {
    expect(entries.length).toBeGreaterThan(5);
    for (const e of entries) {
      const hybrid = /Hybrid: (.*?)\. Baseline/.exec(e)?.[1] ?? '';
      const parts = hybrid.split(', with ');
      if (parts.length > 1) expect(parts[0], e).not.toContain(parts.at(-1)!);
    }
    expect(entries.some((e) => e.includes('DeltaNet with two global attention layers (at layer 2 and the middle layer). Baseline'))).toBe(true);
  });

  it('names the version its tables hold for, not a status word', () => {
    for (const e of entries) expect(e, e).not.toMatch(/Tables as numbered in (not recorded|not found|not published)/);
  });
});

describe('the figure and the list of studies count the studies alike, as the data has them', () => {
  // Recounted from the raw file: every study, and those that give at least one result.
  const withNumbers = raw.studies.filter((s) => s.results.length > 0).length;
  const words = `${raw.studies.length} studies, ${withNumbers} with numbers`;

  it(`both say "${words}"`, () => {
    expect(withNumbers).toBeGreaterThan(0);
    expect(withNumbers).toBeLessThan(raw.studies.length);
    const readout = document.querySelector('#evidence-figure [role="status"]')?.textContent ?? '';
    const summary = document.querySelector('#verify-studies-list > summary')?.textContent ?? '';
    expect(readout).toMatch(new RegExp(`^${words}\\. Their \\d+ results: `));
    expect(summary).toMatch(new RegExp(`^All ${words}: `));
    // And the list holds every study it counts.
    expect(entries).toHaveLength(raw.studies.length);
  });

  it('holds no height for the figure beyond what it draws, so a filter that leaves few rows leaves no blank band', () => {
    const body = document.querySelector<HTMLElement>('#evidence-figure .figure-body');
    expect(body).not.toBeNull();
    expect(Number.parseFloat(body!.style.minHeight || '0')).toBe(0);
  });
});
