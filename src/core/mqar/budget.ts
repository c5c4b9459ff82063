/**
 * A run's budget, as the grid sets it and a reader's run repeats it: the batch that gives every
 * load the same queries a step, the warm-up of its rate and the climb of its load, each a share
 * of its steps. No imports, so a figure that only shows the settings carries none of the trainer.
 */

/** The share of a run's steps its rate takes to warm up. */
export const WARMUP_SHARE = 0.1;

/** The warm-up, in steps, of a run of `steps` steps. */
export const warmupFor = (steps: number) => Math.round(steps * WARMUP_SHARE);

/**
 * Sequences a step at load kv so that every load gets `queries` supervised queries a step (each
 * sequence asks for its kv keys): 256 gives 64 sequences at kv 4 and 4 at kv 64. At least one.
 */
export const batchFor = (queries: number, kv: number) => Math.max(1, Math.round(queries / kv));

/** The share of a run's steps over which its load climbs. */
export const CLIMB_SHARE = 0.5;

/** The climb, in steps, of a run of `steps` steps. */
export const climbFor = (steps: number) => Math.round(steps * CLIMB_SHARE);
