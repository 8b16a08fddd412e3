/**
 * Gaps in a feed, per symbol: a trade whose sequence number skips ahead (trades were missed, as after
 * a dropped connection), or, for a feed that numbers no trades, two trades further apart in time than
 * the feed's `gapAfterMs`; in a feed of bars, a bar that does not start where the last one ended (a
 * server sends a bar for every interval, traded or not: Binance's klines, our generic protocol).
 * Also tells trades already seen (a sequence number not past the last one), which the engine drops,
 * and a sequence that began anew (a server restarted, a new session): a number behind the last one
 * on a trade later than the last, or far behind it. The new sequence is followed from then on, and
 * the time between the two trades is told as a gap, since what traded then was not sent.
 * Pure: it remembers the last trade and the last bar of each symbol and nothing else.
 */
import { type Interval, intervalSeconds, nextBucketStart } from '../../core/bars/interval';
import type { Gap } from '../../core/feed/feed-status';
import type { FeedTrade } from './feed-messages';

/**
 * A sequence number this far behind the last one is a new sequence, whatever its time: no server
 * sends a trade again that long after (a repeat across a reconnect is of the last few).
 */
export const RESET_DISTANCE = 10_000;

export type GapCheck = { kind: 'ok' } | { kind: 'gap'; gap: Gap } | { kind: 'seen' };

/** Past this many bars a gap's count is worked out by division (a bar's time may be anything). */
const MAX_BARS_STEPPED = 10_000;

export class GapDetector {
  private readonly last = new Map<string, { id: number | null; time: number }>();
  /** Per symbol, the start (UTC ms) of the latest bar. */
  private readonly lastBar = new Map<string, number>();

  constructor(
    private readonly gapAfterMs: number,
    /** The interval of the feed's bars. */
    private readonly interval: Interval = { count: 1, unit: 'm' },
  ) {}

  /**
   * Checks a bar of the feed's interval starting at `time` (UTC ms) against the symbol's latest: the
   * same bar again or an earlier one is no gap; a later one with whole bars between them is.
   */
  checkBar(symbol: string, time: number): GapCheck {
    const previous = this.lastBar.get(symbol);
    if (previous !== undefined && time <= previous) return { kind: 'ok' };
    this.lastBar.set(symbol, time);
    if (previous === undefined) return { kind: 'ok' };
    let missed = 0;
    let next = nextBucketStart(previous / 1000, this.interval) * 1000;
    while (next < time && missed < MAX_BARS_STEPPED) {
      missed += 1;
      next = nextBucketStart(next / 1000, this.interval) * 1000;
    }
    if (next < time) missed = Math.round((time - previous) / 1000 / intervalSeconds(this.interval)) - 1;
    return missed > 0
      ? { kind: 'gap', gap: { symbol, kind: 'bars', fromTime: previous, toTime: time, missed } }
      : { kind: 'ok' };
  }

  /** Checks `trade` against the symbol's last one and, unless it was seen already, remembers it. */
  check(trade: FeedTrade): GapCheck {
    const previous = this.last.get(trade.symbol);
    const behindBy = trade.id !== null && previous?.id != null ? previous.id - trade.id : null;
    const behind = previous !== undefined && behindBy !== null && behindBy >= 0;
    // A trade seen before keeps its time; a later one numbered behind the last starts a new sequence.
    if (behind && trade.time <= previous.time && behindBy <= RESET_DISTANCE) return { kind: 'seen' };
    this.last.set(trade.symbol, { id: trade.id, time: trade.time });
    if (!previous) return { kind: 'ok' };
    const base = { symbol: trade.symbol, fromTime: previous.time, toTime: trade.time };
    if (behind) return { kind: 'gap', gap: { ...base, kind: 'reset', missed: null } };
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
