/**
 * The figure's words for a given setting, computed as the figure computes them: the section
 * prerenders the look-for line and the caption with these, and the figure rewrites both as its
 * controls move, so the two can never differ.
 */
import type { ForgetSettings } from '../../content/defaults';
import { makeStream } from '../../core/stream';
import { trace } from '../../core/trace';
import { caption, lookForLine, writeLine } from './describe';
import { errorsCosineScores, frameAt, gatesOf } from './frame';
import { lastPair } from './state';

export function defaultText(s: ForgetSettings): { lookFor: string; caption: string; write: string } {
  const length = lastPair(s.stream);
  const stream = makeStream({ kind: s.stream, seed: s.seed, length });
  const gates = gatesOf(s);
  const t = trace({ stream, gates, n: length });
  const frame = frameAt(t, stream, s.stream, s.metric, gates, s.n);
  return {
    lookFor: lookForLine(frame, stream, s.stream, s.metric, s, errorsCosineScores(t, stream, s.n)),
    caption: caption(s.stream, s.metric, s.draw),
    write: writeLine(frame, stream, s.stream),
  };
}
