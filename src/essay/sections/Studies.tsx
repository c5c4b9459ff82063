/**
 * The studies behind the evidence figure, one entry each: who ran it, at what scale, the hybrid's
 * layout and attention, the baseline, the control grade with its reason, and the study's own
 * caveat, with its source. Studies that publish no comparable numbers are here too.
 */
import type { Study } from '../../content/comparisons';
import { capitalise, integer, params } from '../../format';
import { Cite } from '../Section';

function scale(s: Study): string {
  const parts: string[] = [];
  if (s.scale) {
    const { total, active } = s.scale;
    parts.push(total === null ? `${params(active)} activated parameters` : total === active ? `${params(total)} parameters` : `${params(total)} parameters, ${params(active)} active`);
  }
  if (s.tokens) parts.push(`${params(s.tokens)} tokens`);
  if (s.trainingContext) parts.push(`trained at ${integer(s.trainingContext)} tokens of context`);
  return parts.length ? parts.join('; ') : 'scale not given in the sources read';
}

const attention = (s: Study) =>
  s.attention.kind === 'window' ? `a ${s.attention.detail}${s.attention.window ? ` of ${integer(s.attention.window)} tokens` : ''}` : s.attention.detail;

export function Studies({ studies }: { studies: readonly Study[] }) {
  return (
    <ol className="evidence-studies">
      {studies.map((s) => (
        <li key={s.id} id={`study-${s.id}`}>
          <Cite href={s.url}>{s.name}</Cite>
          {s.arxiv ? ` (arXiv ${s.arxiv})` : ''}, run by {s.ranBy}
          {s.builtByRunner ? ', the lab that built the hybrid' : ''}. {capitalise(scale(s))}. Hybrid: {s.layout.detail}
          {s.layout.ratio ? `, ${s.layout.ratio}` : ''}
          {s.layout.detail.includes(attention(s)) ? '' : `, with ${attention(s)}`}. Baseline: {s.baseline}. Control {s.control.grade}: {s.control.reason}
          {s.note ? ` ${s.note}` : ''}
          {s.version ? ` Tables as numbered in ${s.version}.` : ''}
          {s.leftOut?.map((x) => ` Left out: ${x.rows}, because ${x.reason.replace(/\.$/, '')}.`).join('')}
          {s.numbers === 'not found' ? ' Numbers: not found in the sources read.' : ''}
          {s.numbers === 'not published' ? ' Numbers: not published.' : ''}
        </li>
      ))}
    </ol>
  );
}
