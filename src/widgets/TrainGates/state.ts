/** The trained-gates figure's address: the cell shown (tgcell) and the token the slider is on (tgtok, from 1). */
import type { UrlCodec } from '../urlState';

export interface GatesSettings {
  cell: string;
  /** The token shown, from 0. */
  token: number;
}

/** The address's settings, clamped: an unknown cell is ignored, a token outside the cell's tokens clamped to them. */
export function gatesCodec(cells: readonly { id: string; tokens: number }[]): UrlCodec<GatesSettings> {
  return {
    parse(params, defaults) {
      const asked = params.get('tgcell');
      const cell = cells.find((c) => c.id === asked) ?? cells.find((c) => c.id === defaults.cell)!;
      const raw = Number.parseInt(params.get('tgtok') ?? '', 10);
      const fallback = cell.id === defaults.cell ? defaults.token : 0;
      const token = Number.isFinite(raw) ? Math.min(cell.tokens - 1, Math.max(0, raw - 1)) : Math.min(cell.tokens - 1, fallback);
      return { cell: cell.id, token };
    },
    write(state, defaults) {
      return {
        tgcell: state.cell === defaults.cell ? null : state.cell,
        tgtok: state.cell === defaults.cell && state.token === defaults.token ? null : String(state.token + 1),
      };
    },
  };
}
