/**
 * A price in words where its series' decimals are not at hand (the document does not hold them:
 * alerts, the drawings of every symbol): six significant digits, never fewer than two decimals'
 * worth above a thousand, trailing zeros dropped. EUR/USD's 1.08345 stays 1.08345, BTC's 94,012.5
 * stays whole, a sloped line's 2,874.5612 reads 2,874.56.
 */
export function priceInWords(price: number): string {
  const whole = Math.abs(price) >= 1 ? Math.floor(Math.log10(Math.abs(price))) + 1 : 0;
  return price.toLocaleString('en-US', { maximumSignificantDigits: Math.min(21, Math.max(6, whole + 2)) });
}
