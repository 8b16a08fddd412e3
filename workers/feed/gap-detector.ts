/**
 * Gaps in a feed, per symbol: a trade whose sequence number skips ahead (trades were missed, as after
 * a dropped connection), or, for a feed that numbers no trades, two trades further apart in time than
 * the feed's `gapAfterMs`. Also tells trades already seen (a sequence number not past the last one),
 * which the engine drops. Pure: it remembers the last trade of each symbol and nothing else.
 */
import type { FeedTrade } from './feed-messages';

export interface Gap {
  symbol: string;
  kind: 'sequence' | 'time';
  /** UTC ms of the last trade before the gap and the first after it. */
  fromTime: number;
  toTime: number;
  /** Trades missed, when the feed numbers them. */
  missed: number | null;
}

export type GapCheck = { kind: 'ok' } | { kind: 'gap'; gap: Gap } | { kind: 'seen' };

export class GapDetector {
  private readonly last = new Map<string, { id: number | null; time: number }>();

  constructor(private readonly gapAfterMs: number) {}

  /** Checks `trade` against the symbol's last one and, unless it was seen already, remembers it. */
  check(trade: FeedTrade): GapCheck {
    const previous = this.last.get(trade.symbol);
    if (previous && trade.id !== null && previous.id !== null && trade.id <= previous.id)
      return { kind: 'seen' };
    this.last.set(trade.symbol, { id: trade.id, time: trade.time });
    if (!previous) return { kind: 'ok' };
    const base = { symbol: trade.symbol, fromTime: previous.time, toTime: trade.time };
    if (trade.id !== null && previous.id !== null) {
      return trade.id > previous.id + 1
        ? { kind: 'gap', gap: { ...base, kind: 'sequence', missed: trade.id - previous.id - 1 } }
        : { kind: 'ok' };
    }
    return trade.time - previous.time > this.gapAfterMs
      ? { kind: 'gap', gap: { ...base, kind: 'time', missed: null } }
      : { kind: 'ok' };
  }
}
