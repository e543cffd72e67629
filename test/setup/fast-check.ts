// Property tests run from a fixed seed, so a CI run is reproducible and a red run means the change
// broke something. `FC_SEED=random npm test` explores new cases (and prints the seed of a failure);
// `FC_SEED=<n>` replays one.
import fc from 'fast-check';

const seed = process.env.FC_SEED;
if (seed !== 'random') fc.configureGlobal({ seed: seed ? Number(seed) : 20_261_129 });
