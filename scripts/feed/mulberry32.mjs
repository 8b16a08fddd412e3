// @ts-check
/**
 * mulberry32, the engine's seeded generator (workers/random.ts), for the Node scripts that make
 * recordings (record-sample.mjs, bench/load-feed.mjs): the same seed gives the same market every run.
 * @param {number} seed
 * @returns {() => number} values in [0, 1)
 */
export function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
