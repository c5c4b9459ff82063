/**
 * The eviction ladder: the seven steps of the lineage on one screen, each with what its memory
 * keeps (a small drawing in CSS, styles/ladder.css, one element a rung), its rule, its policy and
 * what it gave up, from data/lineage.json. A rung is a link to its
 * step's card in the page's list; with script the stepper below opens that step instead.
 */
import type { RungView } from '../../content/lineageView';

export function Ladder({ rungs }: { rungs: readonly RungView[] }) {
  return (
    <figure className="figure wide ladder-figure" id="ladder">
      <p className="look-for">Read down the policies: from a memory that evicts nothing to one that chooses, layer by layer and expert by expert, what to let go.</p>
      <ol className="ladder">
        {rungs.map((rung, i) => (
          <li key={rung.id} className="rung">
            <a className="rung-link" href={`#lineage-step-${i + 1}`} data-rung={i + 1}>
              <span className="rung-when">
                <b>{rung.year}</b> {rung.name}
              </span>
              <span className={`rung-glyph keeps-${rung.keeps}`} />
              <span className="rung-rule">{rung.rule}</span>
              <strong className="rung-policy">{rung.policy}</strong>
              <span className="rung-gave">Gave up: {rung.gaveUp}</span>
            </a>
          </li>
        ))}
      </ol>
      <figcaption>
        The seven steps, oldest first. Each drawing shows what the memory keeps: a cache that grows, a fixed state, one key replaced, rows
        faded. A rung opens its step in full below.
      </figcaption>
    </figure>
  );
}
