import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { conditionMet, crossingOf, insideBand, lineValueAt } from './alert-conditions';
import type { AlertLine } from './alert-types';

const level = (price: number): AlertLine => ({ kind: 'level', price });
const sloped = (since: number | null, until: number | null): AlertLine => ({
  kind: 'sloped',
  t1: 100,
  p1: 10,
  t2: 200,
  p2: 20,
  since,
  until,
});
const at = (time: number, price: number) => ({ time, price });
const price = fc.double({ min: -1e6, max: 1e6, noNaN: true, noDefaultInfinity: true });

describe('lineValueAt', () => {
  it('a level is its price at every time; a sloped line is linear through its anchors', () => {
    expect(lineValueAt(level(5), -1e9)).toBe(5);
    const line = sloped(null, null);
    expect(lineValueAt(line, 100)).toBe(10);
    expect(lineValueAt(line, 150)).toBe(15);
    expect(lineValueAt(line, 300)).toBe(30);
    expect(lineValueAt(line, 0)).toBe(0);
  });

  it('a segment exists between its bounds only, a ray from its first anchor on', () => {
    const segment = sloped(100, 200);
    expect(lineValueAt(segment, 99)).toBeNull();
    expect(lineValueAt(segment, 200)).toBe(20);
    expect(lineValueAt(segment, 201)).toBeNull();
    const ray = sloped(100, null);
    expect(lineValueAt(ray, 99)).toBeNull();
    expect(lineValueAt(ray, 1000)).toBe(100);
  });

  it('anchors at one time make no line', () => {
    expect(
      lineValueAt({ kind: 'sloped', t1: 5, p1: 1, t2: 5, p2: 2, since: null, until: null }, 5),
    ).toBeNull();
  });

  it('along bars, a sloped line steps one bar at a time whatever time lies between them', () => {
    // Bars at 100, 200, 300, then (a weekend) 1000 and 1100: positions 0, 1, 2, 3, 4.
    const bars = [100, 200, 300, 1000, 1100];
    const position = (t: number) => bars.indexOf(t);
    const line = sloped(100, null);
    expect(lineValueAt(line, 300, position)).toBe(30);
    // One bar after 300 is 1000: the line has risen one bar's step (10), not seven (70).
    expect(lineValueAt(line, 1000, position)).toBe(40);
    expect(lineValueAt(line, 1000)).toBe(100);
    // A flat line is its price whatever the positions.
    const flat: AlertLine = { kind: 'sloped', t1: 100, p1: 10, t2: 200, p2: 10, since: 100, until: null };
    expect(lineValueAt(flat, 1100, position)).toBe(10);
  });

  it('two anchors in one bar make no line along bars', () => {
    expect(lineValueAt(sloped(null, null), 150, () => 7)).toBeNull();
  });
});

describe('crossingOf', () => {
  it('a crossing up happens iff prev < level <= price, down iff prev > level >= price', () => {
    fc.assert(
      fc.property(price, price, price, (prev, next, l) => {
        const crossing = crossingOf(level(l), at(1, prev), at(2, next));
        expect(crossing === 'up').toBe(prev < l && l <= next);
        expect(crossing === 'down').toBe(prev > l && l >= next);
      }),
    );
  });

  it('against a sloped line, each tick is compared with the line at its own time', () => {
    const line = sloped(null, null); // 15 at t=150, 16 at t=160
    // The price stays at 15.5 while the line rises through it: the price crosses it down.
    expect(crossingOf(line, at(150, 15.5), at(160, 15.5))).toBe('down');
    expect(crossingOf(line, at(150, 14), at(160, 16))).toBe('up');
    expect(crossingOf(line, at(150, 14), at(160, 15.9))).toBeNull();
    // Where the segment does not exist nothing crosses it.
    expect(crossingOf(sloped(100, 200), at(150, 14), at(250, 40))).toBeNull();
  });
});

describe('conditionMet', () => {
  it('crosses is crosses up or crosses down, and reports the line at the tick', () => {
    fc.assert(
      fc.property(price, price, price, (prev, next, l) => {
        const shape = { kind: 'line' as const, line: level(l) };
        const up = conditionMet('crosses-up', shape, at(1, prev), at(2, next));
        const down = conditionMet('crosses-down', shape, at(1, prev), at(2, next));
        const either = conditionMet('crosses', shape, at(1, prev), at(2, next));
        expect(either !== null).toBe(up !== null || down !== null);
        if (either) expect(either.level).toBe(l);
        expect(conditionMet('enters', shape, at(1, prev), at(2, next))).toBeNull();
      }),
    );
  });

  it('enters and exits a band between two lines, whichever is above', () => {
    const band = { kind: 'band' as const, lower: level(10), upper: level(20) };
    const flipped = { kind: 'band' as const, lower: level(20), upper: level(10) };
    for (const shape of [band, flipped]) {
      expect(conditionMet('enters', shape, at(1, 5), at(2, 10))).toEqual({ level: 10 });
      expect(conditionMet('enters', shape, at(1, 25), at(2, 19))).toEqual({ level: 20 });
      expect(conditionMet('enters', shape, at(1, 12), at(2, 15))).toBeNull();
      expect(conditionMet('exits', shape, at(1, 12), at(2, 21))).toEqual({ level: 20 });
      expect(conditionMet('exits', shape, at(1, 12), at(2, 9))).toEqual({ level: 10 });
      expect(conditionMet('exits', shape, at(1, 25), at(2, 30))).toBeNull();
      expect(conditionMet('crosses', shape, at(1, 5), at(2, 15))).toBeNull();
    }
  });

  it('enters iff outside then inside; exits iff inside then outside', () => {
    fc.assert(
      fc.property(price, price, price, price, (prev, next, a, b) => {
        const shape = { kind: 'band' as const, lower: level(a), upper: level(b) };
        const inside = (p: number) => insideBand(level(a), level(b), at(0, p));
        expect(conditionMet('enters', shape, at(1, prev), at(2, next)) !== null).toBe(
          !inside(prev) && inside(next) === true,
        );
        expect(conditionMet('exits', shape, at(1, prev), at(2, next)) !== null).toBe(
          inside(prev) === true && !inside(next),
        );
      }),
    );
  });
});
