/** The list of studies reads as sentences: no phrase said twice in one entry, no template left with a status word in it. */
import { describe, expect, it } from 'vitest';
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
