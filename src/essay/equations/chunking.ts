/** Equations owned by the `chunking` section; merged into the registry by ../equations.ts. */
export const chunkingEquations = {} as const satisfies Record<string, string>;
