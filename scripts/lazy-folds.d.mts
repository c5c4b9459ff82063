export const LAZY_FOLD_CHARS: number;
export const FOLD_START: string;
export const FOLD_END: string;
export interface CutFold {
  id: string;
  title: string;
  /** The body as its own page holds it, with links out of it pointed at the essay or another fold's page. */
  body: string;
  /** The body as it stood in the page, which the page fetches to put back. */
  original: string;
}
export function cutFolds(html: string, minChars?: number, styles?: string): { html: string; folds: CutFold[] };
export function foldPage(head: string, fold: CutFold, essayTitle: string, styles?: string): string;
