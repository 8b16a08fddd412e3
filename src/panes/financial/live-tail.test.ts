import { describe, expect, it } from 'vitest';
import { barOf } from '../../../core/bars/bar-columns';
import { mergeGroups } from '../../../workers/aggregate/ohlc-levels';
import { LiveTail } from './live-tail';
import { asResult, nativeBars, rows, slice } from './live-test-bars';

describe('LiveTail', () => {
  const all = nativeBars(120);
  const tailStart = 96;

  it('merges like the engine merges its levels, group by group', () => {
    const tail = new LiveTail(tailStart, asResult(slice(all, tailStart), 1));
    expect(tail.length).toBe(24);
    expect(tail.firstTime).toBe(96 * 60);
    for (const factor of [1, 4, 8, 32]) {
      expect(tail.merged(factor)).toEqual(rows(mergeGroups(all, factor, tailStart)));
    }
    // From tail index 10 on: the groups that hold it and the ones after.
    expect(tail.merged(8, 10)).toEqual(rows(mergeGroups(all, 8, 104)));
    expect(tail.alignsWith(32)).toBe(true);
    expect(tail.alignsWith(64)).toBe(false);
  });

  it('folds live bars in by time and reports the earliest one changed', () => {
    const tail = new LiveTail(tailStart, asResult(slice(all, tailStart, 100), 1));
    expect(tail.apply([barOf(all, 99)])).toBe(3); // same time: replaced
    expect(tail.apply([barOf(all, 100), barOf(all, 101)])).toBe(4); // appended
    expect(tail.apply([barOf(all, 97), barOf(all, 101)])).toBe(1);
    expect(tail.apply([{ ...barOf(all, 50) }])).toBe(-1); // older than the tail
    expect(tail.apply([{ ...barOf(all, 98), time: 98 * 60 + 1 }])).toBe(-1); // not a bar here
    expect(tail.merged(4)).toEqual(rows(mergeGroups(slice(all, 0, 102), 4, tailStart)));
  });

  it('is empty-safe', () => {
    const tail = new LiveTail(0, asResult(slice(all, 0, 0), 1));
    expect(tail.merged(4)).toEqual([]);
    expect(tail.firstTime).toBe(Number.POSITIVE_INFINITY);
    expect(tail.apply([barOf(all, 0)])).toBe(0);
    expect(tail.merged(4)).toEqual([barOf(all, 0)]);
  });
});
