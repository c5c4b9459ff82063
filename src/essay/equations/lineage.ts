/** Equations owned by the `lineage` section; merged into the registry by ../equations.ts. */
export const lineageEquations = {} as const satisfies Record<string, string>;
