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

/** Standard normal draws (Box–Muller, both values of each pair used). */
export function gaussian(random: Random): () => number {
  let spare = Number.NaN;
  return () => {
    if (!Number.isNaN(spare)) {
      const value = spare;
      spare = Number.NaN;
      return value;
    }
    // 1 - u is in (0, 1], so the logarithm is finite.
    const radius = Math.sqrt(-2 * Math.log(1 - random()));
    const angle = 2 * Math.PI * random();
    spare = radius * Math.sin(angle);
    return radius * Math.cos(angle);
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
