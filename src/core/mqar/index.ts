/** The one-layer associative-recall trainer: parameters, forward pass, hand-written backward, Adam. */
export {
  type Mixer,
  MIXERS,
  WIDTHS,
  DEFAULT_WIDTH,
  GATE_INIT,
  type Params,
  type TensorName,
  initParams,
  shapesOf,
  stateNumbers,
  cloneParams,
  zerosLike,
  tensorNames,
  tensor,
} from './params';
export { type Sequence, makeTape, forward, gradients, evaluate } from './model';
export { ADAM_DEFAULTS, adam, adamState, trainStep } from './adam';
export { type Recurrence, type RecurrenceInput, recurrenceForward } from './recurrence';
export { type GateTrace, type TokenTrace, cellSequences, gateSummary, gateTrace, median } from './gates';
