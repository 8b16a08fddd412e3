/** Prices at the decimals their series is written with (the engine reads them: `priceDecimals`). */

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

/** `price` rounded to `decimals` (a price read off the chart, to the ticks its series is written in). */
export function roundToDecimals(price: number, decimals: number): number {
  return Number(price.toFixed(decimals));
}

/** A change in price, signed ("+0.00021", "-12.50"); zero unsigned. */
export function formatSignedPrice(change: number, decimals = DEFAULT_PRICE_DECIMALS): string {
  return priceFormatFor(decimals, true).format(change);
}
