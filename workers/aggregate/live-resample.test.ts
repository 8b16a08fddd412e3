import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type BarColumns, barOf, columnsOf } from '../../core/bars/bar-columns';
import { type Interval, parseInterval } from '../../core/bars/interval';
import type { LiveBar } from '../../core/protocol';
import { NYSE } from '../../core/sessions/trading-session';
import { LiveResampler } from './live-resample';
import { resampleBars, sessionBars } from './resample';

const at = (iso: string) => Date.parse(iso) / 1000;

function barsOf(c: BarColumns): LiveBar[] {
  return Array.from(c.time, (_, i) => barOf(c, i));
}

/** What the chart holds: `base` with each live bar put in by time (same time replaced, later appended). */
function applyByTime(base: LiveBar[], updates: readonly LiveBar[]): LiveBar[] {
  const out = [...base];
  for (const bar of updates) {
    const last = out[out.length - 1];
    if (last && bar.time === last.time) out[out.length - 1] = bar;
    else if (!last || bar.time > last.time) out.push(bar);
    else throw new Error(`A live bar at ${bar.time} went back before ${last.time}`);
  }
  return out;
}

/** The bar as it looks while it forms: its open, and so far nothing else. */
const formingOf = (bar: LiveBar): LiveBar => ({
  time: bar.time,
  open: bar.open,
  high: bar.open,
  low: bar.open,
  close: bar.open,
  volume: 0,
});

/** Minute bars over a few days around a weekend, with gaps, in and out of NYSE hours. */
const minuteBarsArb = fc
  .array(
    fc.record({
      gap: fc.oneof(fc.constant(1), fc.integer({ min: 1, max: 30 }), fc.integer({ min: 1, max: 20 * 60 })),
      open: fc.double({ min: 1, max: 1000, noNaN: true }),
      spread: fc.double({ min: 0, max: 50, noNaN: true }),
      close: fc.double({ min: 1, max: 1000, noNaN: true }),
      volume: fc.integer({ min: 0, max: 1e6 }),
    }),
    { minLength: 2, maxLength: 200 },
  )
  .map((rows) => {
    let time = at('2024-03-07T13:00:00Z');
    return rows.map((r) => {
      time += r.gap * 60;
      const high = Math.max(r.open, r.close) + r.spread;
      const low = Math.min(r.open, r.close) - r.spread;
      return { time, open: r.open, high, low, close: r.close, volume: r.volume };
    });
  });

const intervalArb = fc
  .constantFrom('1m', '5m', '15m', '1h', '4h', '1D', '1W')
  .map((text) => parseInterval(text));

describe('LiveResampler', () => {
  it('a stored series plus live bars, folded at any interval, ends as resampling all the bars does', () => {
    fc.assert(
      fc.property(
        minuteBarsArb,
        intervalArb,
        fc.boolean(),
        fc.boolean(),
        fc.nat(),
        fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 50 }),
        (all, interval, withSession, sessionOnly, cut, chunks) => {
          const session = withSession ? NYSE : null;
          const spec = {
            interval: interval as Interval | null,
            session,
            sessionOnly: sessionOnly && withSession,
          };
          const resample = (bars: LiveBar[]): LiveBar[] => {
            const columns = columnsOf(bars);
            const kept = spec.sessionOnly && session ? sessionBars(columns, session) : columns;
            return barsOf(spec.interval ? resampleBars(kept, spec.interval, session) : kept);
          };
          // The engine holds the bars up to `split`, the last of them still forming; the feed sends
          // that bar's final values and then the rest, each bar first as it forms, in chunks.
          const split = 1 + (cut % all.length);
          const stored = [...all.slice(0, split - 1), formingOf(all[split - 1] as LiveBar)];
          const sent = [all[split - 1] as LiveBar];
          for (const bar of all.slice(split)) sent.push(formingOf(bar), bar);

          const resampler = new LiveResampler(spec, columnsOf(stored));
          let shown = resample(stored);
          let next = 0;
          for (let c = 0; next < sent.length; c++) {
            const size = chunks[c % chunks.length] as number;
            shown = applyByTime(shown, resampler.fold(sent.slice(next, next + size)));
            next += size;
          }
          expect(shown).toEqual(resample(all));
        },
      ),
      { numRuns: 400 },
    );
  });

  it('the first bar of a 5-minute pane is the stored partial bucket plus the feed', () => {
    const t = at('2024-03-08T15:00:00Z');
    const bar = (minute: number, price: number): LiveBar => ({
      time: t + minute * 60,
      open: price,
      high: price + 1,
      low: price - 1,
      close: price,
      volume: 10,
    });
    const resampler = new LiveResampler(
      { interval: parseInterval('5m'), session: null, sessionOnly: false },
      columnsOf([bar(0, 100), bar(1, 104), bar(2, 102)]),
    );
    // Minute 2 closes at 103, minute 3 begins: one 5-minute bar, from minute 0.
    expect(resampler.fold([{ ...bar(2, 102), close: 103, high: 110 }, bar(3, 99)])).toEqual([
      { time: t, open: 100, high: 110, low: 98, close: 99, volume: 40 },
    ]);
    // Minute 5 begins: the first bucket closes and the second opens.
    expect(resampler.fold([bar(4, 98), bar(5, 101)])).toEqual([
      { time: t, open: 100, high: 110, low: 97, close: 98, volume: 50 },
      { time: t + 300, open: 101, high: 102, low: 100, close: 101, volume: 10 },
    ]);
    // An older bar is ignored; nothing new gives the current bar again.
    expect(resampler.fold([bar(1, 500)])).toEqual([
      { time: t + 300, open: 101, high: 102, low: 100, close: 101, volume: 10 },
    ]);
  });
});
