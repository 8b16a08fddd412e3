/** Prices and volumes as the legend, the tooltip and the data cursor write them. */

/** Decimals of prices whose series does not say (bars made by hand). */
export const DEFAULT_PRICE_DECIMALS = 2;

const priceFormats = new Map<string, Intl.NumberFormat>();

function priceFormatFor(decimals: number, signed: boolean): Intl.NumberFormat {
  const key = `${decimals}${signed ? '+' : ''}`;
  let format = priceFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat('en-US', {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
      ...(signed ? { signDisplay: 'exceptZero' as const } : {}),
    });
    priceFormats.set(key, format);
  }
  return format;
}

/**
 * A price at its series' decimals (`BarsResult.priceDecimals`): "2,874.56" for an index, "1.08345"
 * for EUR/USD.
 */
export function formatPrice(price: number, decimals = DEFAULT_PRICE_DECIMALS): string {
  return priceFormatFor(decimals, false).format(price);
}

const compactVolume = new Intl.NumberFormat('en-US', {
  notation: 'compact',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const wholeVolume = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/**
 * Volumes: whole numbers below a thousand ("950"), above it compact with two decimals always written
 * ("3.50B", "3.21B"), so a column of them lines up digit for digit.
 */
export const volumeFormat = {
  format: (volume: number): string =>
    Math.abs(volume) < 1000 ? wholeVolume.format(volume) : compactVolume.format(volume),
};

/**
 * A change and its percentage, e.g. `+1.25 (+0.43%)`, the change at the series' decimals; the
 * percentage is left out when `from` is 0.
 */
export function formatChange(from: number, to: number, decimals = DEFAULT_PRICE_DECIMALS): string {
  const change = priceFormatFor(decimals, true).format(to - from);
  return from === 0
    ? change
    : `${change} (${priceFormatFor(2, true).format(((to - from) / Math.abs(from)) * 100)}%)`;
}

/** Counts (bars merged into one): grouped digits, "2,560". */
export const countFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
