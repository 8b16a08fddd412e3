export interface Quote {
  symbol: string;
  name: string;
  /** Last close. */
  last: number;
  /** Close before the last one (equal to `last` when the series has a single close). */
  previous: number;
  change: number;
  /** `change / previous * 100`; 0 when `previous` is 0, where a percentage means nothing. */
  changePercent: number;
  /** UTC seconds of the last close. */
  time: number;
  /** The last `SPARKLINE_LENGTH` closes (fewer when the series is shorter), oldest first. */
  sparkline: Float32Array;
  /** UTC seconds of the first sparkline close, so the period it spans can be told. */
  sparklineFrom: number;
  /** Decimals the symbol's prices are written with (the engine adds them; 2 when absent). */
  priceDecimals?: number;
  /**
   * A feed symbol that has not traded since the page opened: no price yet (its numbers are NaN and
   * its sparkline empty), shown as waiting for its feed rather than as an error of the whole list.
   */
  waiting?: true;
}

export const SPARKLINE_LENGTH = 60;

const SYMBOL_NAMES: Readonly<Record<string, string>> = {
  SPX: 'S&P 500',
  MSFT: 'Microsoft',
  AMZN: 'Amazon',
  IBM: 'IBM',
  AAPL: 'Apple',
  GOOG: 'Alphabet',
};

/** Display name of a known symbol; unknown symbols (e.g. user imports) are named by their ticker. */
export function symbolName(symbol: string): string {
  return Object.hasOwn(SYMBOL_NAMES, symbol) ? (SYMBOL_NAMES[symbol] ?? symbol) : symbol;
}

/** The quote of a feed symbol with no trade yet (see Quote.waiting). */
export function waitingQuote(symbol: string): Quote {
  return {
    symbol,
    name: symbolName(symbol),
    last: Number.NaN,
    previous: Number.NaN,
    change: Number.NaN,
    changePercent: Number.NaN,
    time: 0,
    sparkline: new Float32Array(),
    sparklineFrom: 0,
    waiting: true,
  };
}

/** Quote from a close series sorted by time. Throws on an empty or mismatched series. */
export function computeQuote(symbol: string, time: ArrayLike<number>, close: ArrayLike<number>): Quote {
  const n = close.length;
  if (time.length !== n) {
    throw new Error(`${symbol}: ${time.length} times but ${n} closes`);
  }
  const last = close[n - 1];
  const lastTime = time[n - 1];
  if (last === undefined || lastTime === undefined) throw new Error(`${symbol}: no data`);
  const previous = close[n - 2] ?? last;
  const change = last - previous;
  const start = Math.max(0, n - SPARKLINE_LENGTH);
  const sparkline = new Float32Array(n - start);
  for (let i = start; i < n; i++) sparkline[i - start] = close[i] ?? Number.NaN;
  return {
    symbol,
    name: symbolName(symbol),
    last,
    previous,
    change,
    changePercent: previous === 0 ? 0 : (change / previous) * 100,
    time: lastTime,
    sparkline,
    sparklineFrom: time[start] ?? lastTime,
  };
}

/**
 * The quote of stored closes continued by live bars (oldest first; the first may be the stored last
 * bar again, moved on by the feed): only the tail a quote needs is merged.
 */
export function computeLiveQuote(
  symbol: string,
  time: ArrayLike<number>,
  close: ArrayLike<number>,
  live: readonly { time: number; close: number }[],
): Quote {
  const first = live[0];
  if (!first) return computeQuote(symbol, time, close);
  // The stored closes before the first live bar: just enough for the sparkline and the previous close.
  let end = time.length;
  while (end > 0 && (time[end - 1] as number) >= first.time) end--;
  const start = Math.max(0, end - SPARKLINE_LENGTH - 1);
  const times: number[] = [];
  const closes: number[] = [];
  for (let i = start; i < end; i++) {
    times.push(time[i] as number);
    closes.push(close[i] as number);
  }
  for (const bar of live) {
    times.push(bar.time);
    closes.push(bar.close);
  }
  return computeQuote(symbol, times, closes);
}
