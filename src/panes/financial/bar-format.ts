/** Prices and volumes as the legend, the tooltip and the data cursor write them. */

import { DEFAULT_PRICE_DECIMALS, formatSignedPrice } from '../../data/price-format';

const compactVolume = new Intl.NumberFormat('en-US', {
  notation: 'compact',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const volumeFormats = new Map<number, Intl.NumberFormat>();

/** Volumes of a million and more are written compact ("3.50B"), smaller ones in full. */
const COMPACT_VOLUME = 1_000_000;

/**
 * Volumes, like prices, at their series' own step (`volumeDecimals`: none for shares, 5 for a coin
 * traded in 0.00001 lots) with thousands separators ("950", "12,340", "1.28636"); from a million on,
 * compact with two decimals always written ("3.50B", "3.21B"), so a column of them lines up.
 */
export const volumeFormat = {
  format: (volume: number, decimals = 0): string => {
    if (Math.abs(volume) >= COMPACT_VOLUME) return compactVolume.format(volume);
    let format = volumeFormats.get(decimals);
    if (!format) {
      format = new Intl.NumberFormat('en-US', {
        minimumFractionDigits: decimals,
        maximumFractionDigits: decimals,
      });
      volumeFormats.set(decimals, format);
    }
    return format.format(volume);
  },
};

/**
 * A change and its percentage, e.g. `+1.25 (+0.43%)`, the change at the series' decimals; the
 * percentage is left out when `from` is 0.
 */
export function formatChange(from: number, to: number, decimals = DEFAULT_PRICE_DECIMALS): string {
  const change = formatSignedPrice(to - from, decimals);
  return from === 0 ? change : `${change} (${formatSignedPrice(((to - from) / Math.abs(from)) * 100, 2)}%)`;
}

/** Counts (bars merged into one): grouped digits, "2,560". */
export const countFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
