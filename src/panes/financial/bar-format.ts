/** Prices and volumes as the legend, the tooltip and the data cursor write them. */

import { DEFAULT_PRICE_DECIMALS, formatSignedPrice } from '../../data/price-format';

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
  const change = formatSignedPrice(to - from, decimals);
  return from === 0 ? change : `${change} (${formatSignedPrice(((to - from) / Math.abs(from)) * 100, 2)}%)`;
}

/** Counts (bars merged into one): grouped digits, "2,560". */
export const countFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
