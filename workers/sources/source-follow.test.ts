import { describe, expect, it } from 'vitest';
import { parseInterval } from '../../core/bars/interval';
import type { LiveBar } from '../../core/protocol';
import { NYSE } from '../../core/sessions/trading-session';
import { resampleBars } from '../aggregate/resample';
import type { FeedTimers } from '../feed/feed-connection';
import { FakeSource } from './fake-source';
import { HistoryBook } from './history-book';
import { SourceFollow } from './source-follow';
import { tradesFolded } from './trades-folded';

/** Timers run by hand: `due()` runs those set so far. */
function handTimers(): FeedTimers & { due(): void; pending(): number } {
  let queue: Array<{ run: () => void; id: number }> = [];
  let next = 0;
  return {
    now: () => 4e12,
    setTimeout(run) {
      const id = next++;
      queue.push({ run, id });
      return id;
    },
    clearTimeout(handle) {
      queue = queue.filter((t) => t.id !== handle);
    },
    due() {
      const now = queue;
      queue = [];
      for (const t of now) t.run();
    },
    pending: () => queue.length,
  };
}

const minute = (i: number, price: number, size = 1) => ({ time: 1_700_000_000 + i * 60, price, size });

async function setup(session = NYSE) {
  const trades = { AAA: [minute(0, 10), minute(1, 11), minute(61, 12)] };
  const source = new FakeSource(trades, session);
  const timers = handTimers();
  const book = new HistoryBook({ sources: [source], now: timers.now });
  await book.discover();
  const ticks: number[] = [];
  const problems: Array<string | null> = [];
  const follow = new SourceFollow({
    book,
    timers,
    pollMs: 1_000,
    onTick: (_symbol, _time, price) => ticks.push(price),
    onProblem: (_symbol, problem) => problems.push(problem),
  });
  return { trades, source, timers, book, follow, ticks, problems };
}

describe('SourceFollow', () => {
  it('asks once per series for all its followers and gives each its own buckets', async () => {
    const { trades, source, book, follow, ticks } = await setup(NYSE);
    const hour = parseInterval('1h');
    if (!hour) throw new Error('1h is an interval');
    await book.ensure('AAA', null);
    await book.ensure('AAA', hour);
    const spec = { interval: hour, session: NYSE, sessionOnly: false };
    follow.subscribe({ symbol: 'AAA' }, 'a', { interval: null, session: NYSE, sessionOnly: false });
    follow.subscribe({ symbol: 'AAA' }, 'b', { interval: null, session: NYSE, sessionOnly: false });
    const hours = follow.subscribe({ symbol: 'AAA', interval: '1h' }, 'c', spec);
    trades.AAA.push(minute(62, 9, 2), minute(63, 13, 3));
    const requests = source.requests;
    await follow.poll();
    // One for the minute series (a and b share it), one for the chart at 1h.
    expect(source.requests - requests).toBe(2);
    // Alerts hear each new trade once, in order, from the finest series (the 1h chart's bar closes
    // on the same trades).
    expect(ticks).toEqual([9, 13]);
    const events = follow.drain();
    const of = (id: string) => events.find((e) => e.subscriptionId === id)?.bars ?? [];
    // The minute held last (12) is unchanged: only the new ones come.
    expect(of('a').map((bar) => bar.close)).toEqual([9, 13]);
    expect(of('b')).toEqual(of('a'));
    // The chart at 1h: its last bucket as the trades make it (NYSE hours count from 09:30).
    const whole = resampleBars(tradesFolded(trades.AAA, 60), hour, NYSE);
    const last = whole.time.length - 1;
    const shown: LiveBar[] = [...hours.bars, ...of('c')];
    expect(shown[shown.length - 1]).toEqual({
      time: whole.time[last],
      open: whole.open[last],
      high: whole.high[last],
      low: whole.low[last],
      close: whole.close[last],
      volume: whole.volume[last],
    });
    // Drained: nothing again until new trades come.
    await follow.poll();
    expect(follow.drain()).toEqual([]);
  });

  it('polls on its timer only while followed, and says a failing source once', async () => {
    const { source, timers, book, follow, problems } = await setup();
    await book.ensure('AAA', null);
    expect(timers.pending()).toBe(0);
    follow.subscribe({ symbol: 'AAA' }, 'a', { interval: null, session: NYSE, sessionOnly: false });
    expect(timers.pending()).toBe(1);
    source.fail = new Error('ClickHouse at http://127.0.0.1:1 does not answer');
    await follow.poll();
    source.fail = new Error('ClickHouse at http://127.0.0.1:1 does not answer');
    await follow.poll();
    await follow.poll();
    expect(problems).toEqual(['ClickHouse at http://127.0.0.1:1 does not answer', null]);
    follow.setPaused(true);
    expect(timers.pending()).toBe(0);
    expect(follow.active).toBe(false);
    follow.setPaused(false);
    expect(timers.pending()).toBe(1);
    expect(follow.unsubscribe('a')).toBe(true);
    expect(timers.pending()).toBe(0);
    expect(follow.unsubscribe('a')).toBe(false);
  });
});
