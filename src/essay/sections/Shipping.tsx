/**
 * What ships today: the same two questions asked of eight open-weight architectures. Every
 * number and every comparison in the prose is asked of src/content/shipping/.
 */
import { shippingFacts } from '../../content/shipping/section';
import type { ModelNote } from '../../content/shipping/notes';
import { shareFacts } from '../../content/shipping/shares';
import { STATUS_WORDS } from '../../content/schema';
import { listWords, params as formatParams, percent as formatPercent } from '../../format';
import { Island } from '../Island';
import { Section, FigureFrame } from '../Section';
import { Refs } from '../Cards';
import { Fold } from '../../viz/Fold';
import { MemoryPart } from './ShippingMemory';
import { K3Memory } from './AttentionRead';

export const NOTE_PREFIX = 'shipping-note-';
export const DOWNLOADS = { json: 'data/architectures.json', csv: 'data/architectures.csv' } as const;

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
      {note.caveats.length ? (
        <ol className="shipping-caveats" aria-label={`Notes on the figures for ${note.name}`}>
          {note.caveats.map((c) => (
            <li key={c.n} id={`${NOTE_PREFIX}${note.id}-${c.n}`}>
              <span className="q">{c.about}:</span> {c.text}
            </li>
          ))}
        </ol>
      ) : null}
      <ul className="shipping-sources" aria-label={`Sources for ${note.name}`}>
        {note.sources.map((s) => (
          <li key={s.url}>
            <a href={s.url}>
              {s.label}
            </a>
            : {s.summary}
          </li>
        ))}
      </ul>
    </li>
  );
}

export function Shipping() {
  const f = shippingFacts();
  const { k3, gpt2, sentences: say } = f;
  const shares = shareFacts();
  return (
    <Section id="shipping" kicker={`${f.featuredCount} architectures`}>
      <p>
        The lineage ends at one model, but the problem it solves is everyone&rsquo;s. Take the branding off the open
        models shipping now and each of them answers the same two questions on every token. Which part of the
        context may this layer read? Which of my parameters may fire? The first is the eviction policy of the
        earlier sections, applied to the sequence; the second is a policy of the same shape applied to the weights, with
        a router deciding what stays out of the computation. The likeness is loose: nothing is forgotten, every
        parameter stays in memory, and the router chooses for cost, not for room.
      </p>
      <p>
        Read the active share first. {k3.name} fires {formatParams(k3.activeParams.value)} of its{' '}
        {formatParams(k3.totalParams.value)} parameters on each token,{' '}
        <span data-claim="k3-share">{formatPercent(f.k3Share)}</span>. The share
        separates two costs that used to move together: the total decides whether you can hold the model in memory
        at all, the active count decides what each token costs in arithmetic.
      </p>
      <FigureFrame
        id="shipping"
        minHeight={640}
        lookFor={
          <>
            Follow the active-share bars: {k3.name} fires {formatPercent(f.k3Share)} of its parameters on a token; the
            longest bar, {shares.highest.model.name}&rsquo;s, is {formatPercent(shares.highest.share)}.
          </>
        }
        lookForToo={say.strips}
        caption={
          <>
            {f.featuredCount} open-weight architectures, with {gpt2.name} as the reference row. A missing or qualified figure carries a word
            saying what is known ({listWords(Object.keys(STATUS_WORDS))}), never an estimate; a small number links to its
            caveat in the model&rsquo;s note below.
          </>
        }
      >
        <Island
          name="shipping"
          props={{
            ...f.figure,
            notePrefix: NOTE_PREFIX,
          }}
        />
      </FigureFrame>
      {say.trillion ? (
        <p>
          <span data-claim="trillion">{say.trillion}</span>
        </p>
      ) : null}
      <p>
        The first question gets more varied answers. Some designs still let every layer read everything. The others
        let some of their layers make do with less, and differ in what those layers keep: a fixed-size state, a window
        of recent tokens, the tokens an index ranks highest, or compressed summaries of blocks of tokens. Each is an eviction policy, chosen layer by layer.
      </p>
      <p className="aside">
        Read the counts with their caveats. &ldquo;Active&rdquo; usually includes attention, embeddings and shared
        experts <Refs ids={['dai2024']} />; &ldquo;total&rdquo; may or may not include a vision encoder; and labs round their headline figures,
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
      <Fold id="shipping-notes" summary={`Notes and sources for each of the ${f.notes.length} models`}>
        <ol className="shipping-notes" aria-label="Notes and sources, model by model">
          {f.notes.map((note) => (
            <Note key={note.id} note={note} />
          ))}
        </ol>
      </Fold>
      <Fold id="shipping-deeper" className="deeper" summary="Go deeper: the shares and the layouts, model by model">
      <p>
        In the units of the opening, {k3.name} is <span data-claim="k3-ratio">about {f.about}</span> copies of {gpt2.name},
        and any one token runs through <span data-claim="k3-active-copies">{f.activeCopies}</span> copies&rsquo; worth of them.
      </p>
      <p id="shipping-six">
        <span data-claim="six-percent">{say.six}</span>{' '}
        <span data-claim="six-verdict">{say.sixVerdict}</span> <Refs ids={['nvidia2026a']} />
      </p>
      <p>
        <span data-claim="four-percent">{say.four}</span> <span data-claim="two-largest">{say.twoLargest}</span>
        {say.smallerSparse ? (
          <>
            {' '}
            <span data-claim="smaller-sparse">{say.smallerSparse}</span>
          </>
        ) : null}
      </p>
      {say.others ? (
        <p>
          <span data-claim="others">{say.others}</span>
        </p>
      ) : null}
      <p>
        <span data-claim="reads">{say.reads}</span>
      </p>
      </Fold>
      <Fold id="shipping-memory-fold" className="deeper" summary="Go deeper: memory per sequence for every model, and your own config">
        <MemoryPart />
        <K3Memory />
      </Fold>
    </Section>
  );
}
