/** Equations owned by the `forget` section; merged into the registry by ../equations.ts. */
export const forgetEquations = {} as const satisfies Record<string, string>;
