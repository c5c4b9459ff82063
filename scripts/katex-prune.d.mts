export function pruneKatex(css: string, names: Set<string>): { css: string; rules: number; dropped: number; families: string[]; files: string[] };
export function classNames(html: string, scripts: string[]): Set<string>;
export function selectorParts(selector: string): string[];
