/**
 * What the trained memory learned, on the trainer's page: the gates a stored cell computed token
 * by token on one test sequence of the context switch (the figure), and, over the grid's seeds and
 * two loads, each gated rule's gate at the separator against its median on writes (the table).
 */
import { GATE_MIXER_LABELS, GATES_OPEN_CELL, gateTableSentences, storedGateCells } from '../content/mqarGates';
import { mqarGateTable } from '../content/mqarGateTable';
import { TableRegion } from '../widgets/Train/GridView';
import { gatesLookFor } from '../widgets/TrainGates/describe';
import { Island } from './Island';
import { FigureFrame } from './Section';

const two = (x: number) => x.toFixed(2);

export function TrainGates() {
  const cells = storedGateCells();
  const open = cells.find((c) => c.id === GATES_OPEN_CELL)!;
  const defaults = { cell: open.id, token: Math.max(0, open.view.kinds.indexOf('separator')) };
  const t = mqarGateTable;
  const seeds = [...new Set(t.rows.map((r) => r.seed))].sort((a, b) => a - b);
  const groups = [...new Map(t.rows.map((r) => [`${r.mixer} ${r.kv}`, { mixer: r.mixer, kv: r.kv }])).values()];
  const say = gateTableSentences(t);
  return (
    <>
      <h2 id="train-gates">What the trained memory learned</h2>
      <p>
        The essay&rsquo;s state demo sets its gates by hand, and fires them at the change of context. A trained memory computes its gates from each token. The
        figure shows what the stored cells computed on one test sequence of the context switch: the old context&rsquo;s pairs, the separator, then a new context
        that writes some old keys again with new values, then the queries.
      </p>
      <FigureFrame
        id="train-gates"
        minHeight={420}
        lookFor={gatesLookFor(open.view)}
        caption={
          <>
            The gates each token set, from the stored weights of the grid&rsquo;s cells; move the slider, or use the arrow keys on it, to see the state after
            any token and how each query was answered. A run trained above with a gated rule joins the menu as your run.
          </>
        }
      >
        <Island name="trainGates" props={{ cells, defaults }} />
      </FigureFrame>
      <p data-claim="train-gates-table">{say.table}</p>
      <TableRegion
        id="train-gates-table-caption"
        caption={
          <>
            Each rule&rsquo;s gate at the separator against its median on writes, on the context switch: α (its mean over key channels where it has one a
            channel), or β for the delta rule, which has no decay. Each number is a mean over the cell&rsquo;s {t.evalSize} test sequences; seeds as in the
            grid.
          </>
        }
      >
        <thead>
          <tr>
            <th scope="col">Memory</th>
            <th scope="col">kv</th>
            {seeds.map((s) => (
              <th scope="col" key={s}>
                Seed {s}: separator, writes
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {groups.map(({ mixer, kv }) => (
            <tr key={`${mixer} ${kv}`}>
              <th scope="row">{GATE_MIXER_LABELS[mixer]}</th>
              <td>{kv}</td>
              {seeds.map((s) => {
                const r = t.rows.find((x) => x.mixer === mixer && x.kv === kv && x.seed === s)!;
                const g = r.alpha ?? r.beta!;
                return (
                  <td key={s}>
                    {r.alpha ? 'α' : 'β'} {two(g.separator)}, {two(g.writes)}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </TableRegion>
    </>
  );
}
