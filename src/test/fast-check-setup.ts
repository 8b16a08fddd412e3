/**
 * Every property test of the unit suite runs with these defaults (vitest `setupFiles`):
 * - a seed, from `FC_SEED` when set (to replay a failure) or else fresh for the run; fast-check names
 *   the seed and the path of a failure in its message, so `FC_SEED=<seed> npx vitest run <file>`
 *   replays it (a test may still pin its own seed);
 * - a property interrupted by a time limit fails instead of passing on the runs it managed.
 */
import fc from 'fast-check';

const fromEnvironment = Number(process.env.FC_SEED);
const seed = Number.isSafeInteger(fromEnvironment) ? fromEnvironment : Math.floor(Math.random() * 2 ** 31);

fc.configureGlobal({ ...fc.readConfigureGlobal(), seed, markInterruptAsFailure: true });
