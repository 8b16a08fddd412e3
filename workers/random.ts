/**
 * Seeded randomness for synthetic data and the live feed: the same seed gives the same sequence on
 * every machine, so tests, benchmarks and screenshots are reproducible.
 */

/** A PRNG returning uniform numbers in [0, 1). */
export type Random = () => number;

/** mulberry32: 32-bit state, full period 2^32, fast and good enough for simulation (not for crypto). */
export function mulberry32(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The ziggurat of the standard normal density (Marsaglia and Tsang, 2000): 128 layers of equal area,
 * the base layer holding the tail beyond R. Layer i spans x up to 2^24 `step[i]` (the base layer's
 * rectangle, its tail apart, up to 2^24 `step[0]`); a draw inside the part of it that lies under the
 * curve for sure (below `sure[i]` of the value's 2^24 steps) is taken at once, which is about 99 % of
 * draws: one uniform number, one multiplication. `height[i]` is the density at the layer's edge.
 */
const LAYERS = 128;
const R = 3.442619855899;
const LAYER_AREA = 9.91256303526217e-3;
/** A draw's value has 24 bits and a sign, apart from the 7 bits that pick the layer (Doornik, 2005). */
const VALUE_STEPS = 2 ** 24;
const density = (x: number) => Math.exp(-0.5 * x * x);
const sure = new Float64Array(LAYERS);
const step = new Float64Array(LAYERS);
const height = new Float64Array(LAYERS);
{
  const base = LAYER_AREA / density(R);
  sure[0] = (R / base) * VALUE_STEPS;
  step[0] = base / VALUE_STEPS;
  step[LAYERS - 1] = R / VALUE_STEPS;
  height[0] = 1;
  height[LAYERS - 1] = density(R);
  let right = R;
  for (let i = LAYERS - 2; i >= 1; i--) {
    const next = Math.sqrt(-2 * Math.log(LAYER_AREA / right + density(right)));
    sure[i + 1] = (next / right) * VALUE_STEPS;
    right = next;
    height[i] = density(next);
    step[i] = next / VALUE_STEPS;
  }
}

/**
 * Standard normal draws by the ziggurat: exact in distribution, and two to three times as fast as
 * Box–Muller (which takes a logarithm, a square root, a sine and a cosine per pair), which is most of
 * generating a million synthetic bars. The layer and the value come from separate bits of one uniform
 * number, so the fast path has no bias between them.
 */
export function gaussian(random: Random): () => number {
  return () => {
    for (;;) {
      const bits = (random() * 4294967296) >>> 0;
      const layer = bits & (LAYERS - 1);
      // An odd number of steps in (-2^24, 2^24): symmetric about 0, never 0.
      const u = ((bits >>> 7) & (VALUE_STEPS - 1)) * 2 - VALUE_STEPS + 1;
      const x = u * (step[layer] as number);
      if (Math.abs(u) < (sure[layer] as number)) return x;
      if (layer === 0) {
        // The tail beyond R (Marsaglia's method): exponential proposals, accepted under the curve.
        let a: number;
        let b: number;
        do {
          a = -Math.log(1 - random()) / R;
          b = -Math.log(1 - random());
        } while (b + b < a * a);
        return u > 0 ? R + a : -R - a;
      }
      // The wedge between the layer's sure part and the curve.
      const low = height[layer] as number;
      if (low + random() * ((height[layer - 1] as number) - low) < density(x)) return x;
    }
  };
}

/** A 32-bit seed from a string (FNV-1a), so each symbol gets its own stable stream. */
export function seedFromString(text: string, salt = 0): number {
  let hash = (0x811c9dc5 ^ salt) >>> 0;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}
