/**
 * The words and key beside the chunk diagram: how the first tokens are cut, and how many pairs
 * are read directly, reached through the state, and how many state updates carry it forward.
 */
import { memo, useMemo } from 'react';
import { integer } from '../../format';
import { Swatch } from '../../viz/Legend';
import { Steady } from '../../viz/Steady';
import { diagramCounts, type DiagramCounts } from './ChunkDiagram';
import { WIDEST_LENGTH } from './model';

function Notes({ tokens, C, counts }: { tokens: number; C: number; counts: Pick<DiagramCounts, 'chunks' | 'direct' | 'viaState'> }) {
  // biome-ignore format: each {' '} is a text node of its own; merged into the words around it, the glyphs land a subpixel away.
  return (
    <>
      <p>
        The first {tokens} tokens{' '}
        {C >= tokens ? `lie inside one chunk of ${integer(C)}` : `in ${counts.chunks} chunks of ${C}`}.
      </p>
      <ul className="chunking-key">
        <li>
          <Swatch className="chunking-swatch is-block" /> read directly, in a masked block ({integer(counts.direct)} pairs)
        </li>
        <li>
          <Swatch className="chunking-swatch is-via-state" /> reached only through the state ({integer(counts.viaState)} pairs)
        </li>
        <li>
          <Swatch className="chunking-swatch is-state" /> state S carried forward: {counts.chunks} sequential{' '}
          {counts.chunks === 1 ? 'update' : 'updates'}
        </li>
      </ul>
    </>
  );
}

/** The notes in a box sized once for their longest form: the most chunks, pairs and digits. */
export const DiagramNotes = memo(function DiagramNotes({ tokens, C }: { tokens: number; C: number }) {
  const template = useMemo(
    () => (
      <Notes
        tokens={tokens}
        C={WIDEST_LENGTH}
        counts={{ chunks: tokens, direct: diagramCounts(tokens, tokens).direct, viaState: diagramCounts(tokens, 1).viaState }}
      />
    ),
    [tokens],
  );
  return (
    <Steady className="chunking-diagram-notes" template={template}>
      <Notes tokens={tokens} C={C} counts={diagramCounts(tokens, C)} />
    </Steady>
  );
});
