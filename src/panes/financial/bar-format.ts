/** Prices and volumes as the legend, the tooltip and the data cursor write them. */

export const priceFormat = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

export const volumeFormat = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 2 });

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
