/**
 * Everything the `shipping` section prints, asked of the modules beside this one: the K3
 * figures of its first paragraph, the sentences, the table's rows and the notes.
 */
import type { Model } from '../schema';
import { scaleRatio } from '../architectures';
import { SHIPPING_DEFAULT_SORT } from '../defaults';
import { tableNotes, type ModelNote } from './notes';
import { tableRow, type TableRow } from './rows';
import {
  barMax,
  describeBars,
  fourPercentSentence,
  k3Ratio,
  othersSentence,
  readsSentence,
  sixPercentSentence,
  sixPercentVerdict,
  smallerSparseSentence,
  trillionSentence,
  twoLargestSentence,
} from './sentences';
import { featuredModels, referenceModel, shareFacts } from './shares';
import { type StripKey, stripKey, stripLookFor } from './strip';

export interface ShippingFacts {
  k3: Model;
  k3Share: number;
  gpt2: Model;
  featuredCount: number;
  /** K3 in copies of GPT-2, as the opening counts them. */
  about: string;
  activeCopies: string;
  sentences: {
    six: string;
    sixVerdict: string;
    four: string;
    twoLargest: string;
    smallerSparse: string | null;
    trillion: string | null;
    others: string | null;
    reads: string;
    /** The strips' look-for line. */
    strips: string;
  };
  figure: {
    rows: TableRow[];
    reference: TableRow;
    barMax: number;
    description: string;
    defaultSort: typeof SHIPPING_DEFAULT_SORT;
    stripKey: StripKey;
  };
  notes: ModelNote[];
}

export function shippingFacts(): ShippingFacts {
  const facts = shareFacts();
  const ratio = scaleRatio();
  const gpt2 = referenceModel();
  const featured = featuredModels();
  const scale = k3Ratio();
  const rows = featured.map((m) => tableRow(m));
  const reference = tableRow(gpt2);
  return {
    k3: ratio.large,
    k3Share: ratio.activeShare,
    gpt2,
    featuredCount: featured.length,
    about: scale.about,
    activeCopies: scale.activeCopies,
    sentences: {
      six: sixPercentSentence(facts),
      sixVerdict: sixPercentVerdict(facts),
      four: fourPercentSentence(facts),
      twoLargest: twoLargestSentence(facts),
      smallerSparse: smallerSparseSentence(facts),
      trillion: trillionSentence(facts),
      others: othersSentence(),
      reads: readsSentence(),
      strips: stripLookFor(),
    },
    figure: {
      rows,
      reference,
      barMax: barMax(facts),
      description: describeBars(facts, gpt2),
      defaultSort: SHIPPING_DEFAULT_SORT,
      stripKey: stripKey([...rows, reference]),
    },
    notes: tableNotes(),
  };
}
