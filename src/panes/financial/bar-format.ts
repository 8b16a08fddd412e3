/** Prices and volumes as the legend, the tooltip and the data cursor write them. */

export const priceFormat = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

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

const signedPrice = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  signDisplay: 'exceptZero',
});

/** A change and its percentage, e.g. `+1.25 (+0.43%)`; the percentage is left out when `from` is 0. */
export function formatChange(from: number, to: number): string {
  const change = signedPrice.format(to - from);
  return from === 0 ? change : `${change} (${signedPrice.format(((to - from) / Math.abs(from)) * 100)}%)`;
}

/** Counts (bars merged into one): grouped digits, "2,560". */
export const countFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
