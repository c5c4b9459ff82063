export function classesIn(html: string): Set<string>;
export function wordsIn(text: string): Set<string>;
export function splitFoldStyles(css: string, classes: { kept: Set<string>; moved: Set<string> }): { head: string; folds: string; rules: number };
