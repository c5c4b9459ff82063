/**
 * Beside and after KDA: other write rules, behind a door after the ladder's last rung. Each row
 * says when its paper came, what the rule evicts and when, what it keeps and what a token costs;
 * under the table each rule's update in the page's row convention, with how much of it was read
 * and where (data/afterKda.json).
 */
import { AFTER_KDA_RAW, type AfterKdaRule, afterKdaCounts, KDA_MONTH, monthWords, parseAfterKda } from '../../content/afterKda';
import { referenceById } from '../../content/references';
import { countWord, listWords } from '../../format';
import { Fold } from '../../viz/Fold';
import { Equation } from '../Equation';
import { type EquationId, equations } from '../equations';
import { Cite } from '../Section';

const FLA = referenceById('yang2024c');

/** How much of an update was read, in the table's last column. */
const READ_WORDS: Record<AfterKdaRule['read'], string> = {
  paper: 'from the paper',
  code: 'from fla’s code',
  abstract: 'from the abstract',
  structure: 'structure only',
};

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export function AfterKda() {
  const rules = parseAfterKda(AFTER_KDA_RAW, equations);
  const { after, before } = afterKdaCounts(rules);
  const kda = monthWords(KDA_MONTH);
  const years = [...new Set(rules.map((r) => r.date.slice(0, 4)))].sort();
  return (
    <Fold id="after-kda" className="deeper" summary="Go deeper: write rules beside and after KDA">
      <p>
        KDA&rsquo;s paper came in {kda}. Other write rules of {listWords(years)} change what is erased, when, or where: {countWord(before)} of those below came
        before it, {countWord(after)} after. Gated DeltaNet-2 keeps KDA&rsquo;s decay per key channel and splits its one write strength in two: an erase
        gate on the key side and a write gate on the value side.
      </p>
      <p className="after-kda-caption" id="after-kda-caption">
        Write rules beside and after KDA, latest paper first (by month, then arXiv number), each with its paper and where{' '}
        <Cite href={FLA.url}>flash-linear-attention</Cite> keeps its code. Each update is printed below the table, with how much of it was read.
      </p>
      <div className="after-kda-region" role="region" aria-labelledby="after-kda-caption" tabIndex={0}>
        <table className="after-kda" aria-labelledby="after-kda-caption">
          <thead>
            <tr>
              <th scope="col">Rule</th>
              <th scope="col">What it evicts, and when</th>
              <th scope="col">What it keeps; what a token costs</th>
              <th scope="col">Update; reference code</th>
            </tr>
          </thead>
          <tbody>
            {rules.map((r) => (
              <tr key={r.id} id={`after-kda-${r.id}`} data-date={r.date}>
                <th scope="row">
                  <Cite href={r.paper}>{r.name}</Cite> ({monthWords(r.date)})
                </th>
                <td>
                  {r.evicts} {r.when}
                </td>
                <td>{r.keeps}</td>
                <td>
                  <a href={`#after-kda-update-${r.id}`}>{capital(READ_WORDS[r.read])}</a>
                  {r.code ? (
                    <>
                      ; <code>{r.code}</code>
                    </>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ol className="after-kda-updates" aria-label="Each rule’s update, in the table’s order">
        {rules.map((r) => (
          <li key={r.id} id={`after-kda-update-${r.id}`} data-read={r.read}>
            <p className="after-kda-update-head">
              <strong>{r.name}</strong> ({monthWords(r.date)}), {READ_WORDS[r.read]}. {r.readNote} <a href={r.readAt}>Where it was read</a>.
            </p>
            <Equation folded id={r.update as EquationId} label={`${r.name}: the update`} />
          </li>
        ))}
      </ol>
    </Fold>
  );
}
