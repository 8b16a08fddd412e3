import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ALERT_CONDITIONS, type AlertSpec, OWN_BARS } from '../../core/alerts/alert-types';
import { AlertBook } from './alert-book';
import { BarTimeline } from './bar-timeline';

const spec = (patch: Partial<AlertSpec> = {}): AlertSpec => ({
  id: 'a1',
  symbol: 'BTC',
  condition: 'crosses-up',
  shape: { kind: 'line', line: { kind: 'level', price: 100 } },
  bars: OWN_BARS,
  expiresAt: null,
  armedAt: 1,
  ...patch,
});

describe('AlertBook', () => {
  it("reads a sloped line along its chart's bars: over a night it rises one bar's step, not the night's", () => {
    // Bars every 10 s at 0, 10, 20; no bar from 30 until the morning at 1000.
    const bars = () =>
      new BarTimeline([0, 10, 20], (t) => (t >= 30 && t < 1000 ? null : Math.floor(t / 10) * 10));
    const ray = spec({
      shape: {
        kind: 'line',
        line: { kind: 'sloped', t1: 0, p1: 100, t2: 20, p2: 102, since: 0, until: null },
      },
      bars: { interval: '10s', sessionOnly: true },
    });
    const book = new AlertBook();
    book.set([ray], bars);
    expect(book.tick('BTC', 25, 102, 0)).toEqual([]);
    // A tick in the night is compared but opens no bar.
    expect(book.tick('BTC', 500, 102.4, 0)).toEqual([]);
    // The morning's first bar is the next bar after 20: the line is at 103 there, and 103.5 crosses it.
    expect(book.tick('BTC', 1000, 103.5, 0)).toMatchObject([{ id: 'a1', level: 103, price: 103.5 }]);

    // Read in time the line would be at 200 by then, and nothing would fire.
    const inTime = new AlertBook();
    inTime.set([ray]);
    inTime.tick('BTC', 25, 102, 0);
    inTime.tick('BTC', 500, 102.4, 0);
    expect(inTime.tick('BTC', 1000, 103.5, 0)).toEqual([]);
  });

  it('keeps a timeline, with the live bars it has seen, while an alert still reads along it', () => {
    const book = new AlertBook();
    const line = { kind: 'sloped', t1: 0, p1: 100, t2: 20, p2: 102, since: 0, until: null } as const;
    const bars = { interval: '10s', sessionOnly: true };
    book.set([spec({ shape: { kind: 'line', line }, bars })], () => new BarTimeline([0, 10, 20], (t) => t));
    book.tick('BTC', 1000, 90, 0);
    book.set(
      [
        spec({ shape: { kind: 'line', line }, bars }),
        spec({ id: 'a2', condition: 'crosses', shape: { kind: 'line', line }, bars }),
      ],
      () => {
        throw new Error('made again');
      },
    );
    // 1000 is bar 3 still, so the next bar (1010) is bar 4: the line is at 104 there.
    expect(book.tick('BTC', 1010, 104.5, 0)).toMatchObject([
      { id: 'a1', level: 104 },
      { id: 'a2', level: 104 },
    ]);
  });

  it('fires once when the price crosses, then never again', () => {
    const book = new AlertBook();
    book.set([spec()]);
    expect(book.tick('BTC', 1, 99, 0)).toEqual([]);
    expect(book.tick('BTC', 2, 101, 5)).toEqual([
      {
        id: 'a1',
        armedAt: 1,
        symbol: 'BTC',
        condition: 'crosses-up',
        time: 2,
        price: 101,
        level: 100,
        firedAt: 5,
      },
    ]);
    expect(book.stateOf('a1')).toBe('fired');
    expect(book.tick('BTC', 3, 99, 6)).toEqual([]);
    expect(book.tick('BTC', 4, 101, 7)).toEqual([]);
  });

  it('needs a previous tick: the first tick of a symbol fires nothing', () => {
    const book = new AlertBook();
    book.set([spec()]);
    expect(book.tick('BTC', 1, 150, 0)).toEqual([]);
    expect(book.tick('ETH', 2, 50, 0)).toEqual([]);
  });

  it('an alert set between ticks compares from the last tick before it', () => {
    const book = new AlertBook();
    book.tick('BTC', 1, 99, 0);
    book.set([spec()]);
    expect(book.tick('BTC', 2, 100, 0)).toHaveLength(1);
  });

  it('expires by the wall clock without firing', () => {
    const book = new AlertBook();
    book.set([spec({ expiresAt: 10 })]);
    book.tick('BTC', 1, 99, 0);
    expect(book.tick('BTC', 2, 101, 10)).toEqual([]);
    expect(book.stateOf('a1')).toBe('expired');
  });

  it('keeps a fired state across a resend of the same arming, and arms again on a new one', () => {
    const book = new AlertBook();
    book.set([spec()]);
    book.tick('BTC', 1, 99, 0);
    book.tick('BTC', 2, 101, 0);
    book.set([spec({ shape: { kind: 'line', line: { kind: 'level', price: 102 } } })]);
    expect(book.stateOf('a1')).toBe('fired');
    expect(book.tick('BTC', 3, 103, 0)).toEqual([]);
    book.set([spec({ armedAt: 2 })]);
    expect(book.stateOf('a1')).toBe('armed');
    book.tick('BTC', 4, 99, 0);
    expect(book.tick('BTC', 5, 100, 0)).toHaveLength(1);
    book.set([]);
    expect(book.stateOf('a1')).toBeNull();
  });

  it('time never runs back: a late bar counts at the last tick time', () => {
    const book = new AlertBook();
    const line = { kind: 'sloped' as const, t1: 0, p1: 0, t2: 100, p2: 100, since: 0, until: null };
    book.set([spec({ shape: { kind: 'line', line }, condition: 'crosses' })]);
    book.tick('BTC', 50, 49, 0);
    // At t=10 the line is at 10, which 49 is above; counted at t=50 it is still below the line.
    expect(book.tick('BTC', 10, 49.5, 0)).toEqual([]);
  });

  it('an alert fires at most once whatever the ticks, and only while armed', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ALERT_CONDITIONS),
        fc.array(fc.double({ min: 80, max: 120, noNaN: true }), { maxLength: 60 }),
        fc.option(fc.integer({ min: 0, max: 60 }), { nil: null }),
        (condition, prices, expiresAt) => {
          const book = new AlertBook();
          const shape =
            condition === 'enters' || condition === 'exits'
              ? {
                  kind: 'band' as const,
                  lower: { kind: 'level' as const, price: 95 },
                  upper: { kind: 'level' as const, price: 105 },
                }
              : { kind: 'line' as const, line: { kind: 'level' as const, price: 100 } };
          book.set([spec({ condition, shape, expiresAt })]);
          let fired = 0;
          prices.forEach((p, i) => {
            const events = book.tick('BTC', i, p, i);
            for (const e of events) expect(expiresAt === null || e.firedAt < expiresAt).toBe(true);
            fired += events.length;
          });
          expect(fired).toBeLessThanOrEqual(1);
          expect(book.stateOf('a1') === 'fired').toBe(fired === 1);
        },
      ),
    );
  });
});
