/**
 * What ships today: the same two questions asked of eight open-weight architectures. Every
 * number and every comparison in the prose is asked of src/content/shipping.ts.
 */
import { Island } from '../../app/Island';
import { scaleRatio } from '../../content/architectures';
import { formatParams, formatPercent } from '../../content/format';
import {
  barMax,
  describeBars,
  featuredModels,
  fourPercentSentence,
  k3Ratio,
  othersSentence,
  readsSentence,
  referenceModel,
  shareFacts,
  sixPercentSentence,
  sixPercentVerdict,
  smallerSparseSentence,
  tableNotes,
  tableRow,
  trillionSentence,
  twoLargestSentence,
  type ModelNote,
} from '../../content/shipping';
import { Section, FigureFrame } from '../Section';

export const NOTE_PREFIX = 'shipping-note-';
export const DOWNLOADS = { json: 'data/architectures.json', csv: 'data/architectures.csv' } as const;

function statusList(figures: ModelNote['sources'][number]['figures']): string {
  const byStatus = new Map<string, string[]>();
  for (const f of figures) byStatus.set(f.status, [...(byStatus.get(f.status) ?? []), f.label]);
  return [...byStatus].map(([status, labels]) => `${labels.join(', ')} (${status})`).join('; ');
}

function Note({ note }: { note: ModelNote }) {
  return (
    <li id={`${NOTE_PREFIX}${note.id}`}>
      <h3>
        {note.name} <span className="shipping-lab-inline">({note.lab})</span>
      </h3>
      <p>
        <span className="q">Which part of the context each layer may read:</span> {note.reads}
      </p>
      <p>
        <span className="q">Which parameters may fire:</span> {note.fires}
      </p>
      {note.missing ? <p className="q">{note.missing}</p> : null}
      <ul className="shipping-sources" aria-label={`Sources for ${note.name}`}>
        {note.sources.map((s) => (
          <li key={s.url}>
            <a href={s.url} rel="noopener">
              {s.label}
            </a>
            : {statusList(s.figures)}
          </li>
        ))}
      </ul>
    </li>
  );
}

export function Shipping() {
  const facts = shareFacts();
  const ratio = scaleRatio();
  const k3 = ratio.large;
  const gpt2 = referenceModel();
  const featured = featuredModels();
  const scale = k3Ratio();
  const smaller = smallerSparseSentence(facts);
  const others = othersSentence();
  const trillion = trillionSentence(facts);
  return (
    <Section id="shipping" kicker={`${featured.length} architectures`}>
      <p>
        The lineage ends at one model, but the problem it solves is everyone&rsquo;s. Take the branding off the open
        models shipping now and each of them answers the same two questions on every token. Which part of the
        context may this layer read? Which of my parameters may fire? The first is the eviction policy of the
        earlier sections, applied to the sequence; the second is the same policy applied to the weights, with a
        router deciding what stays out of the computation.
      </p>
      <p>
        Read the active share first. {k3.name} fires {formatParams(k3.activeParams.value)} of its{' '}
        {formatParams(k3.totalParams.value)} parameters on each token,{' '}
        <span data-claim="k3-share">{formatPercent(ratio.activeShare)}</span>. In the units of the opening, it is{' '}
        <span data-claim="k3-ratio">about {scale.about}</span> copies of {gpt2.name}, and any one token runs through{' '}
        <span data-claim="k3-active-copies">{scale.activeCopies}</span> copies&rsquo; worth of them. The share
        separates two costs that used to move together: the total decides whether you can hold the model in memory
        at all, the active count decides what each token costs.
      </p>
      <FigureFrame
        id="shipping"
        minHeight={640}
        caption={
          <>
            {featured.length} open-weight architectures and {gpt2.name} as the reference row: release date,
            parameters in total and per token, the active share drawn as a bar, layers, which part of the context
            each layer may read, experts, context length and licence. &ldquo;Not published&rdquo; means no figure was
            found, never an estimate. Each model&rsquo;s name links to its note and sources below.
          </>
        }
      >
        <Island
          name="shipping"
          props={{
            rows: featured.map(tableRow),
            reference: tableRow(gpt2),
            barMax: barMax(facts),
            description: describeBars(facts, gpt2),
            notePrefix: NOTE_PREFIX,
          }}
        />
      </FigureFrame>
      <p>
        <span data-claim="six-percent">{sixPercentSentence(facts)}</span>{' '}
        <span data-claim="six-verdict">{sixPercentVerdict(facts)}</span>
      </p>
      <p>
        <span data-claim="four-percent">{fourPercentSentence(facts)}</span>{' '}
        <span data-claim="two-largest">{twoLargestSentence(facts)}</span>
        {smaller ? (
          <>
            {' '}
            <span data-claim="smaller-sparse">{smaller}</span>
          </>
        ) : null}
        {trillion ? (
          <>
            {' '}
            <span data-claim="trillion">{trillion}</span>
          </>
        ) : null}
      </p>
      {others ? (
        <p>
          <span data-claim="others">{others}</span>
        </p>
      ) : null}
      <p>
        The first question gets more varied answers. <span data-claim="reads">{readsSentence()}</span> The other
        designs let some of their layers make do with less than the whole context, and differ in what those layers
        keep: a fixed-size state, a window of recent tokens, or the tokens an index ranks highest. Each is an
        eviction policy, chosen layer by layer.
      </p>
      <p className="aside">
        Read the counts with their caveats. &ldquo;Active&rdquo; usually includes attention, embeddings and shared
        experts; &ldquo;total&rdquo; may or may not include a vision encoder; and labs round their headline figures,
        so a share is good to about its second digit.
      </p>
      <p className="shipping-downloads">
        <span>Download the data behind the table:</span>
        <a href={DOWNLOADS.json} download>
          architectures.json
        </a>
        <a href={DOWNLOADS.csv} download>
          architectures.csv
        </a>
      </p>
      <ol className="shipping-notes" aria-label="Notes and sources, model by model">
        {tableNotes().map((note) => (
          <Note key={note.id} note={note} />
        ))}
      </ol>
    </Section>
  );
}
