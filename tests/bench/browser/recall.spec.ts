import { expect, test } from '@playwright/test';
import { RULES } from '../../../src/core/memory';
import { openFigure } from '../../e2e/helpers';
import { expectLatencyWithinFloor, PRESSES, SLIDER_MOVES } from './latency';

test(`recall: main-thread work from input to next paint, ${SLIDER_MOVES} moves of the pairs slider and ${PRESSES} of the fixed-state menu, CPU 4x slower`, async ({
  page,
}) => {
  await openFigure(page, 'recall', { width: 1280, settled: true });
  const status = page.locator('#recall-figure').getByRole('status').first();
  await expect(status).toContainText('16 pairs written');
  const values = Array.from({ length: SLIDER_MOVES }, (_, i) => ((i * 37) % 128) + 1);
  const drag = await expectLatencyWithinFloor(page, { name: 'recall slider', scope: '#recall-figure', moves: { control: '#recall-n', values } });
  await expect(status).toContainText(`${values.at(-1)} pairs written`);
  expect(drag.figure.work).toHaveLength(SLIDER_MOVES);

  // A drag draws its moves directly and the figure renders once the reader pauses. That render,
  // and every other control's, takes the full path: measured here on the fixed-state menu, each
  // move a state of its own (the next in the menu's order, round and round).
  const menu = '#recall-figure select';
  const from = await page.locator(menu).inputValue();
  const states = Array.from({ length: PRESSES }, (_, i) => RULES[(RULES.indexOf(from as (typeof RULES)[number]) + 1 + i) % RULES.length]!);
  const full = await expectLatencyWithinFloor(page, {
    name: 'recall fixed-state menu (a full render of the figure)',
    scope: '#recall-figure',
    moves: { control: menu, values: states },
  });
  await expect(status).toContainText(`${RULE_WORDS[states.at(-1)!]} state`);
  expect(full.figure.work).toHaveLength(PRESSES);
});

/** How the readout names each state (src/widgets/Recall/describe.ts), in lower case. */
const RULE_WORDS: Record<string, string> = { additive: 'additive', delta: 'delta', gatedDelta: 'gated delta', perChannelGated: 'per-channel gated' };
