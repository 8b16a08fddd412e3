/**
 * How many decimals a series' prices are written with: its tick size, read from the prices
 * themselves, since a CSV file or a feed does not say. EUR/USD quotes 1.08345 (5), an index 2,874.56
 * (2), ETH/BTC 0.03561 (5); never fewer than cents, since files drop trailing zeros (129.5 for
 * 129.50) and a small file may hold no price with two decimals. Pure, so it is unit-tested.
 */

/** Most decimals a price is given (satoshi-sized prices). */
export const MAX_PRICE_DECIMALS = 8;
/** The fewest decimals a price is given: cents. */
export const MIN_PRICE_DECIMALS = 2;
const MIN_DECIMALS = MIN_PRICE_DECIMALS;
/** Values read per column: enough to meet every decimal a file uses, cheap on ten million bars. */
const SAMPLE = 512;
/**
 * Significant digits a price written at `d` decimals may have and still tell a tick size. Beyond 7, a
 * double rounds to any `d` within float32 noise (see TOLERANCE), so a computed series would pass.
 */
const MAX_SIGNIFICANT = 7;
/**
 * A value counts as written at `d` decimals when it is that close to it, relative to the value: files
 * from float32 sources write 1350.14 as 1350.140015.
 */
const TOLERANCE = 1e-7;

type PriceColumns = Record<'open' | 'high' | 'low' | 'close', ArrayLike<number>>;

/** The sampled values of `columns` (of one length): up to SAMPLE bars spread over the whole series. */
function sample(columns: readonly ArrayLike<number>[]): number[] {
  const n = columns[0]?.length ?? 0;
  const step = Math.max(1, Math.floor(n / SAMPLE));
  const out: number[] = [];
  for (let i = 0; i < n; i += step) {
    for (const column of columns) {
      const v = column[i];
      if (v !== undefined && Number.isFinite(v) && v !== 0) out.push(Math.abs(v));
    }
  }
  return out;
}

/**
 * The fewest decimals from `least` up that write every one of `values`, else, for computed values that
 * fit none, enough for about `digits` significant digits of their median (and at least `least`).
 */
function stepDecimals(values: number[], least: number, digits: number): number {
  if (values.length === 0) return least;
  for (let d = least; d <= MAX_PRICE_DECIMALS; d++) if (fitsDecimals(values, d)) return d;
  const sorted = values.sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] as number;
  return Math.min(MAX_PRICE_DECIMALS, Math.max(least, Math.ceil(digits - Math.log10(median))));
}

/**
 * Decimals of a declared step (a source's price or size step): the fewest that write it, 0.01 -> 2,
 * 1 -> 0, up to MAX_PRICE_DECIMALS; a step that is not a positive number gets cents.
 */
export function decimalsOfStep(step: number): number {
  if (!(step > 0) || !Number.isFinite(step)) return MIN_PRICE_DECIMALS;
  for (let d = 0; d <= MAX_PRICE_DECIMALS; d++) if (fitsDecimals([step], d)) return d;
  return MAX_PRICE_DECIMALS;
}

/** Whether every value is written with at most `d` decimals (float32 noise allowed). */
function fitsDecimals(values: readonly number[], d: number): boolean {
  const scale = 10 ** d;
  const limit = 10 ** MAX_SIGNIFICANT;
  for (const v of values) {
    const scaled = v * scale;
    const off = Math.abs(scaled - Math.round(scaled));
    // Written at `d` decimals to a double's precision: a tick, however large the price (100,000.00).
    if (off <= scaled * 4 * Number.EPSILON) continue;
    // Within float32 noise of a tick: only where a computed price could not be that close by chance.
    if (scaled >= limit || off > TOLERANCE * scaled) return false;
  }
  return true;
}

/**
 * The decimals of `columns`' prices: the fewest from two up that write every sampled price, else,
 * for computed prices that fit none, enough for about five significant digits of the median price
 * and at least two.
 */
export function priceDecimals(columns: PriceColumns): number {
  return stepDecimals(sample([columns.open, columns.high, columns.low, columns.close]), MIN_DECIMALS, 4);
}

/**
 * The decimals of a series' volumes, its lot step read from the volumes themselves as prices' ticks
 * are: 0 for shares and index volumes, 5 for a coin traded in 0.00001 lots (a feed's BTCUSDT); the
 * fewest from none up that write every sampled volume, else enough for about four significant digits
 * of the median.
 */
export function volumeDecimals(volume: ArrayLike<number>): number {
  return stepDecimals(sample([volume]), 0, 3);
}

/**
 * The decimals of a live series once `prices` (new trades) arrive: `current` while every price fits
 * it, else the fewest up to eight that write them all (a first trade at 0.51 read as two decimals,
 * then 0.5123). Never fewer than `current`; prices that fit no tick leave it as it is.
 */
export function raisedDecimals(current: number, prices: readonly number[]): number {
  const values = prices.filter((v) => Number.isFinite(v) && v !== 0).map(Math.abs);
  if (fitsDecimals(values, current)) return current;
  for (let d = current + 1; d <= MAX_PRICE_DECIMALS; d++) if (fitsDecimals(values, d)) return d;
  return current;
}
