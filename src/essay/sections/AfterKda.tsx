/**
 * After KDA: the write rules that came next, behind a door after the ladder's last rung. Each row
 * says what the rule evicts and when, with its paper; an update is printed only where it was read
 * from the paper (the registry's gatedDeltaNet2), the rest name flash-linear-attention's reference code.
 */
import { AFTER_KDA_RAW, parseAfterKda } from '../../content/afterKda';
import { referenceById } from '../../content/references';
import { Fold } from '../../viz/Fold';
import { Equation } from '../Equation';
import { type EquationId, equations } from '../equations';
import { Cite } from '../Section';

const FLA = referenceById('yang2024c');

export function AfterKda() {
  const rules = parseAfterKda(AFTER_KDA_RAW, equations);
  const printed = rules.filter((r) => r.equation !== null);
  return (
    <Fold id="after-kda" className="deeper" summary="Go deeper: after KDA, the write rules that came next">
      <p>
        The rules that came after KDA each change what is erased, when, or where. The newest, Gated DeltaNet-2, keeps KDA&rsquo;s decay
        per key channel and splits its one write strength in two: an erase gate on the key side and a write gate on the value side.
      </p>
      {printed.map((r) => (
        <Equation folded key={r.id} id={r.equation as EquationId} label={`${r.name}: the write`} />
      ))}
      <p className="after-kda-caption" id="after-kda-caption">
        Write rules after KDA, newest first, each with its paper and where <Cite href={FLA.url}>flash-linear-attention</Cite> keeps its
        code. An update is printed only where it was read from the paper.
      </p>
      <div className="after-kda-region" role="region" aria-labelledby="after-kda-caption" tabIndex={0}>
        <table className="after-kda" aria-labelledby="after-kda-caption">
          <thead>
            <tr>
              <th scope="col">Rule</th>
              <th scope="col">What it evicts</th>
              <th scope="col">When</th>
              <th scope="col">Update; reference code</th>
            </tr>
          </thead>
          <tbody>
            {[...rules]
              .sort((a, b) => b.year - a.year)
              .map((r) => (
                <tr key={r.id} id={`after-kda-${r.id}`}>
                  <th scope="row">
                    <Cite href={r.paper}>{r.name}</Cite> ({r.year})
                  </th>
                  <td>{r.evicts}</td>
                  <td>{r.when}</td>
                  <td>
                    {r.equation !== null ? 'Above' : 'Not printed'}
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
    </Fold>
  );
}
