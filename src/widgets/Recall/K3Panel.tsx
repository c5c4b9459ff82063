/**
 * What the exact read costs at Kimi K3's size: per sequence, the MLA layers' cache grows with the
 * context while the KDA layers' state stays put, beside the same stack with every layer MLA and
 * GPT-2 small's whole KV cache. Bars share one scale, the largest at the chosen context.
 */
import { memo } from 'react';
import { type HybridShape, hybridMemory } from '../../core/hybridShape';
import { bytes, integer } from '../../format';
import { BarList } from '../../viz/BarList';
import { RangeControl } from '../../viz/RangeControl';
import { Steady } from '../../viz/Steady';
import { k3Readout } from './describe';
import { CONTEXT_STEPS, contextAt, contextStep } from './state';

export interface K3PanelProps {
  k3: {
    shape: HybridShape;
    gpt2: { context: number; bytes: number };
    /** Values per token when the 64 unrotated dimensions are not cached. */
    latentOnly: number;
  };
  context: number;
  /** The context slider moved to this step. */
  onStep: (step: number) => void;
}

const WIDEST = k3Readout({ context: 8_888_888, cache: 888e9, state: 888e9, total: 888e9, allAttention: 888e9 });

export const K3Panel = memo(function K3Panel({ k3, context, onStep }: K3PanelProps) {
  const { shape } = k3;
  const m = hybridMemory(shape, context);
  const bars = [
    { key: 'cache', className: 'k3-cache', label: `${shape.attentionLayers} MLA layers’ cache`, value: m.cache },
    { key: 'state', className: 'k3-state', label: `${shape.linearLayers} KDA layers’ state`, value: m.state },
    { key: 'total', className: 'k3-total', label: 'Kimi K3 in all', value: m.total },
    { key: 'all', className: 'k3-all', label: `All ${shape.attentionLayers + shape.linearLayers} layers MLA`, value: m.allAttention },
    { key: 'gpt2', className: 'k3-gpt2', label: `GPT-2 small, all ${integer(k3.gpt2.context)} tokens`, value: k3.gpt2.bytes },
  ];
  return (
    <div className="recall">
      <RangeControl
        className="recall-control"
        id="k3-context"
        label="Context length"
        min={0}
        max={CONTEXT_STEPS}
        step={1}
        value={contextStep(context)}
        valueText={`${integer(context)} tokens`}
        display={`${integer(context)} tokens`}
        widest={`${integer(contextAt(CONTEXT_STEPS))} tokens`}
        onValue={onStep}
      />
      <Steady className="recall-readout" role="status" template={WIDEST}>
        {k3Readout({ context, ...m })}
      </Steady>
      <BarList className="recall-bars" bars={bars} format={bytes} />
      <p className="recall-note">
        Per sequence; batch size multiplies every bar. An engine that leaves the {shape.cacheValuesPerToken - k3.latentOnly} unrotated dimensions out caches{' '}
        {k3.latentOnly} values per token and layer instead of {shape.cacheValuesPerToken}.
      </p>
    </div>
  );
});
