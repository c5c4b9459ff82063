/**
 * The second half of "what ships today": what each model keeps per sequence as its context grows.
 * Every number and comparison in the prose is asked of src/content/memoryFigure.ts.
 */
import { fp8Facts, MEMORY_CONTEXTS, MEMORY_DOWNLOADS, figureModels, memorySentences } from '../../content/memoryFigure';
import { memoryModels, memoryRows, missingNotes, storageOf, TABLE_CONTEXTS } from '../../content/modelMemory';
import { memoryData } from '../../content/k3Memory';
import { MEMORY_DEFAULTS } from '../../content/defaults';
import { bytes, integer } from '../../format';
import { Fold } from '../../viz/Fold';
import { snapshotRows, snapshotSentences } from '../../content/snapshots';
import { Island } from '../Island';
import { SnapshotTable } from './Snapshots';
import { FigureFrame } from '../Section';

/** A model's weakest status, the sizes that hold it there, and why where a size is derived rather than read. */
function statusNote(m: ReturnType<typeof memoryModels>[number]): string {
  const weakest = m.sizes.filter((x) => x.status === m.status);
  if (m.status === 'official' || m.status === 'config') return '';
  const why = [...new Set(m.sizes.filter((x) => x.status === 'derived' && x.note).map((x) => x.note!))].slice(0, 1);
  return [`Status: ${m.status} (${[...new Set(weakest.map((x) => x.field))].join(', ')}).`, ...why].join(' ');
}

const tokensShort = (t: number) => (t >= 2 ** 20 ? `${t / 2 ** 20}M` : `${t / 1024}K`);

/** What each model keeps per sequence: the prose, the figure, its table (for reading without script) and its downloads. */
export function MemoryPart() {
  const models = memoryModels();
  const storage = storageOf(MEMORY_DEFAULTS.cache, MEMORY_DEFAULTS.state);
  const say = memorySentences(models, storage);
  const rows = memoryRows(models, storage);
  const st = memoryData.storage;
  const cv = memoryData.caveats;
  const fp8 = fp8Facts(models);
  const drawn = models.filter((m) => m.stack).length;
  const snaps = snapshotRows(models, storage);
  const snapSay = snapshotSentences(snaps);
  return (
    <>
      <p id="shipping-memory">
        The first question has a price, and it is paid in memory. A layer that may read every token has to keep
        every token; a layer that reads a window keeps a ring of that many; a layer that reads through a state
        keeps the state and a few recent inputs for its convolution. Add the layers up and each model holds, for every sequence it serves, a
        part that grows with the context and a part that does not. The figure draws both for{' '}
        <span data-claim="memory-drawn">{drawn}</span> of the {models.length} models, from the same data as the
        table, with the source and status of every size in the downloads below.
      </p>
      <FigureFrame
        id="memory"
        minHeight={1000}
        caption={
          <>
            Memory per sequence against context, both axes logarithmic, one line per model to its own context limit
            ({models.find((m) => m.reference)?.name}&rsquo;s whole context is the point at the left edge); a ring marks
            where what grows overtakes what is fixed{say.offAxis ? (
              <>
                {' '}
                (<span data-claim="memory-off-axis">{say.offAxis.replace(/\.$/, '')}</span>)
              </>
            ) : null}. A name under the chart, pointed at or focused, lights its line. Logical bytes, before the paging
            and padding engines add; batch size multiplies them. The table below gives every model&rsquo;s sources.
          </>
        }
      >
        <Island
          name="memory"
          props={{
            models: figureModels(models),
            fp8: storage.fp8,
            convBytes: storage.convBytes,
            defaults: { ...MEMORY_DEFAULTS, hidden: [...MEMORY_DEFAULTS.hidden] },
            contexts: [...MEMORY_CONTEXTS],
          }}
        />
      </FigureFrame>
      <p>
        <span data-claim="memory-flat">{say.flat}</span> <span data-claim="memory-rings">{say.rings}</span>{' '}
        <span data-claim="memory-rising">{say.rising}</span> <span data-claim="memory-storage-types">{say.storage}</span>
      </p>
      <p>
        <span data-claim="memory-ends">{say.ends}</span>
        {say.undrawn ? (
          <>
            {' '}
            <span data-claim="memory-undrawn">{say.undrawn}</span>
          </>
        ) : null}
      </p>
      <p className="aside" id="memory-storage">
        How many bytes a value takes is the engine&rsquo;s choice, not the model&rsquo;s. vLLM keeps recurrent states
        in fp32 for <a href={st.stateDefault.source}>Qwen3.5</a> and <a href={st.stateNemotron.source}>Nemotron-H</a>,
        but in bf16 <a href={st.stateTpu.source}>on TPUs</a>, and <a href={st.convLlamaCpp.source}>llama.cpp</a> keeps
        even the convolution inputs in fp32: the same model&rsquo;s fixed part differs by a factor of{' '}
        <span data-claim="memory-state-factor">{st.stateDefault.value / st.stateTpu.value}</span> between engines. vLLM keeps{' '}
        <a href={st.stateKda.source}>Kimi Delta Attention&rsquo;s state</a> in fp32 whatever the cache. The switches change
        the state&rsquo;s type; convolution inputs are counted in bf16 throughout. An fp8 cache is half of bf16,{' '}
        <span data-claim="memory-fp8">
          {fp8.dense} bytes a token and layer for a {fp8.latent} + {fp8.rotary} latent, except where an engine keeps a
          layout of its own
        </span>
        . For DeepSeek Sparse Attention&rsquo;s MLA (GLM-5.2 here), <a href={st.sparseScaleEvery.source}>vLLM</a> keeps a
        scale for every {fp8.every} latent values and the rotary part in bf16: {fp8.sparse} bytes.
        {fp8.compressed ? ` DeepSeek-V4’s compressed entries take ${fp8.compressed}.` : ''} Two things multiply these bytes
        in a deployment. Under tensor parallelism every GPU holds a whole <a href={cv.tensorParallel.source}>MLA cache</a>,
        and a whole <a href={cv.kvHeadReplicas.source}>KV head</a> where a model has fewer KV heads than GPUs. Prefix
        caching <a href={cv.stateCopies.source}>keeps state snapshots</a> (sized below; vLLM&rsquo;s{' '}
        <a href={cv.alignSnapshots.source}>align mode</a> keeps one per prefill chunk) and speculative decoding{' '}
        <a href={cv.speculativeCopies.source}>keeps a checkpoint per draft token</a>, extra copies of a hybrid&rsquo;s state.
      </p>
      <Fold id="memory-table" summary={`All ${models.length} models as a table`}>
        <div className="memory-table-region" role="region" aria-label="Memory per sequence, model by model" tabIndex={0}>
          <table className="memory-table">
            <caption>
              Bytes per sequence, caches in bf16, states in fp32, convolution inputs in bf16; crossover: the first whole
              token where what grows exceeds what is fixed; “—” past a model’s context.
            </caption>
            <thead>
              <tr>
                <th scope="col">Model</th>
                <th scope="col">Layers that keep something</th>
                <th scope="col">Grows per token</th>
                <th scope="col">Fixed</th>
                {TABLE_CONTEXTS.map((t) => (
                  <th scope="col" key={t}>
                    At {tokensShort(t)}
                  </th>
                ))}
                <th scope="col">Crossover</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id} id={`memory-row-${r.id}`}>
                  <th scope="row">{r.name}</th>
                  <td>{r.kinds}</td>
                  <td>{r.growingPerToken === null ? r.status : bytes(r.growingPerToken)}</td>
                  <td>{r.fixed === null ? r.status : r.fixed === 0 ? 'none' : bytes(r.fixed)}</td>
                  {r.totals.map((t, i) => (
                    <td key={TABLE_CONTEXTS[i]}>{t === null ? '—' : bytes(t)}</td>
                  ))}
                  <td data-claim={`memory-crossover-${r.id}`}>
                    {r.crossover === null ? '—' : `${integer(r.crossover)} tokens${models.find((m) => m.id === r.id)?.missing.length ? ' or later' : ''}`}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p className="memory-notes-sources">Each size&rsquo;s source and status is in the downloads below.</p>
        <ul className="memory-notes" aria-label="Notes, model by model">
          {models.map((m) => (
            <li key={m.id}>
              <span className="q">{m.name}:</span>
              {m.note ? ` ${m.note}` : ''}
              {m.engine ? ` ${m.engine.text}` : ''}
              {missingNotes(m).map((n) => ` ${n}`).join('')} {statusNote(m)}
            </li>
          ))}
        </ul>
      </Fold>
      <p>
        <span data-claim="memory-snapshots-per-prefix">{snapSay.perPrefix}</span>{' '}
        <span data-claim="memory-snapshots-over-cache">{snapSay.upperBound}</span> That spacing is this page&rsquo;s assumption; real
        counts depend on the engine, its mode and its chunk size. The table below and the downloads size both cases.
      </p>
      <SnapshotTable rows={snaps} />
      <p className="shipping-downloads">
        <span>Download the figure&rsquo;s table, at every storage type, with every size&rsquo;s source and status:</span>
        <a href={MEMORY_DOWNLOADS.json} download>
          memory-per-sequence.json
        </a>
        <a href={MEMORY_DOWNLOADS.csv} download>
          memory-per-sequence.csv
        </a>
      </p>
    </>
  );
}

