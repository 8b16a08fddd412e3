import { describe, expect, it } from 'vitest';
import { axisTimeLabel, formatAnnotationTime, formatBarSpan, formatBarTime, isIntraday } from './bar-time';

const MAY_16_2021 = Date.UTC(2021, 4, 16) / 1000;

describe('bar and annotation times', () => {
  it('writes daily bars with the date, intraday bars with the minute too (UTC, 24 h)', () => {
    expect(formatBarTime(MAY_16_2021, false)).toBe('May 16, 2021');
    expect(formatBarTime(MAY_16_2021 + 13 * 3600 + 36 * 60, true)).toBe('May 16, 2021, 13:36');
  });

  it('tells minute series from daily ones by their average spacing', () => {
    expect(isIntraday({ first: 0, last: 999 * 60, nativeCount: 1000 })).toBe(true);
    expect(isIntraday({ first: 0, last: 999 * 86_400, nativeCount: 1000 })).toBe(false);
    // Daily bars with weekends and holidays are still daily.
    expect(isIntraday({ first: 0, last: 1400 * 86_400, nativeCount: 1000 })).toBe(false);
    expect(isIntraday({ first: 0, last: 0, nativeCount: 1 })).toBe(false);
  });

  it("writes an annotation's time with its minute when it is on an intraday bar", () => {
    expect(formatAnnotationTime(MAY_16_2021)).toBe('May 16, 2021');
    expect(formatAnnotationTime(MAY_16_2021 + 96 * 60)).toBe('May 16, 2021, 01:36');
  });
});

describe('times in a time zone, across the daylight-saving changes', () => {
  const at = (iso: string) => Date.parse(iso) / 1000;

  it('New York: 01:59 EST is followed by 03:00 EDT in spring, and 01:59 EDT comes twice in autumn', () => {
    expect(formatBarTime(at('2024-03-10T06:59:00Z'), true, 'America/New_York')).toBe('Mar 10, 2024, 01:59');
    expect(formatBarTime(at('2024-03-10T07:00:00Z'), true, 'America/New_York')).toBe('Mar 10, 2024, 03:00');
    expect(formatBarTime(at('2024-11-03T05:59:00Z'), true, 'America/New_York')).toBe('Nov 03, 2024, 01:59');
    expect(formatBarTime(at('2024-11-03T06:59:00Z'), true, 'America/New_York')).toBe('Nov 03, 2024, 01:59');
    expect(formatBarTime(at('2024-11-03T07:00:00Z'), true, 'America/New_York')).toBe('Nov 03, 2024, 02:00');
  });

  it('London: the clocks go from 01:00 to 02:00 in March and back in October', () => {
    expect(formatBarTime(at('2024-03-31T00:59:00Z'), true, 'Europe/London')).toBe('Mar 31, 2024, 00:59');
    expect(formatBarTime(at('2024-03-31T01:00:00Z'), true, 'Europe/London')).toBe('Mar 31, 2024, 02:00');
    expect(formatBarTime(at('2024-10-27T00:30:00Z'), true, 'Europe/London')).toBe('Oct 27, 2024, 01:30');
    expect(formatBarTime(at('2024-10-27T01:30:00Z'), true, 'Europe/London')).toBe('Oct 27, 2024, 01:30');
  });

  it('Sydney: summer time ends in April and starts in October (the southern hemisphere)', () => {
    expect(formatBarTime(at('2024-04-06T15:59:00Z'), true, 'Australia/Sydney')).toBe('Apr 07, 2024, 02:59');
    expect(formatBarTime(at('2024-04-06T16:00:00Z'), true, 'Australia/Sydney')).toBe('Apr 07, 2024, 02:00');
    expect(formatBarTime(at('2024-10-05T15:59:00Z'), true, 'Australia/Sydney')).toBe('Oct 06, 2024, 01:59');
    expect(formatBarTime(at('2024-10-05T16:00:00Z'), true, 'Australia/Sydney')).toBe('Oct 06, 2024, 03:00');
  });

  it('keeps a daily bar on its date in any zone, and labels the axis in the zone', () => {
    expect(formatBarTime(MAY_16_2021, false, 'America/New_York')).toBe('May 16, 2021');
    expect(formatBarTime(MAY_16_2021, false, 'Asia/Tokyo')).toBe('May 16, 2021');
    expect(axisTimeLabel(at('2024-03-10T07:00:00Z'), true, 'America/New_York')).toBe('03:00');
    expect(axisTimeLabel(at('2024-03-10T05:00:00Z'), true, 'America/New_York')).toBe('Mar 10');
    expect(axisTimeLabel(MAY_16_2021, false, 'America/New_York')).toBeNull();
    // Day and month ticks stand on the first bar of New York's day and month (a session's open too).
    expect(axisTimeLabel(at('2024-03-11T13:30:00Z'), true, 'America/New_York', 'day')).toBe('Mar 11');
    expect(axisTimeLabel(at('2024-03-01T05:00:00Z'), true, 'America/New_York', 'month')).toBe('Mar');
    expect(axisTimeLabel(at('2024-01-01T00:00:00Z'), true, 'UTC', 'year')).toBe('2024');
  });

  it('writes an annotation on a minute bar in the zone', () => {
    expect(formatAnnotationTime(at('2024-03-10T07:00:00Z'), 'America/New_York')).toBe('Mar 10, 2024, 03:00');
  });
});

describe('a merged bar reads as the span it covers', () => {
  const at = (iso: string) => Date.parse(iso) / 1000;

  it('writes the end without the date it shares with the start', () => {
    const time = at('2021-06-15T13:20:00Z');
    const span = (end: string, endIncluded = false) => ({ time, span: { end: at(end), endIncluded } });
    expect(formatBarSpan({ time }, true)).toBe('Jun 15, 2021, 13:20');
    expect(formatBarSpan(span('2021-06-15T15:00:00Z'), true)).toBe('Jun 15, 2021, 13:20 – 15:00');
    expect(formatBarSpan(span('2021-06-17T08:00:00Z'), true)).toBe('Jun 15, 2021, 13:20 – Jun 17, 08:00');
    expect(formatBarSpan(span('2022-01-03T08:00:00Z'), true)).toBe(
      'Jun 15, 2021, 13:20 – Jan 03, 2022, 08:00',
    );
    expect(formatBarSpan(span('2021-06-17T08:00:00Z'), true, 'America/New_York', ' to ')).toBe(
      'Jun 15, 2021, 09:20 to Jun 17, 04:00',
    );
  });

  it('ends a daily span on its last day', () => {
    const time = at('2019-03-01T00:00:00Z');
    expect(
      formatBarSpan({ time, span: { end: at('2019-03-11T00:00:00Z'), endIncluded: false } }, false),
    ).toBe('Mar 01, 2019 – Mar 10');
    expect(formatBarSpan({ time, span: { end: at('2019-03-11T00:00:00Z'), endIncluded: true } }, false)).toBe(
      'Mar 01, 2019 – Mar 11',
    );
    expect(
      formatBarSpan({ time, span: { end: at('2019-03-02T00:00:00Z'), endIncluded: false } }, false),
    ).toBe('Mar 01, 2019');
  });
});
