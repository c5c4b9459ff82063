/**
 * Kimi K3's memory per sequence as its context grows (./K3Panel.tsx), a figure of its own beside
 * every model's memory: its context travels in the address as `ctx`.
 */
import { useCallback, useState } from 'react';
import './recall.css';
import type { K3MemorySettings } from '../../content/defaults';
import { useUrlState } from '../urlState';
import { K3Panel, type K3PanelProps } from './K3Panel';
import { contextAt, k3Codec } from './state';

export interface K3MemoryFigureProps {
  k3: K3PanelProps['k3'];
  defaults: K3MemorySettings;
}

export function K3MemoryFigure({ k3, defaults }: K3MemoryFigureProps) {
  const [state, setState] = useState<K3MemorySettings>(defaults);
  useUrlState(k3Codec, state, defaults, setState);
  const onStep = useCallback((step: number) => setState({ context: contextAt(step) }), []);
  return <K3Panel k3={k3} context={state.context} onStep={onStep} />;
}
