import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { wallClock } from '../../core/time/zone-clock';
import { decideDateOrder, describeDateFormat } from './date-format';
import { createTimeCellReading, parseDateTime, parseTimeOfDay, readTimeCell } from './dates';

/** Properties run for seconds, more on a loaded machine; the default 5 s is too tight. */
const PROPERTY_TIMEOUT = 60_000;
const SEED = 20261123;
const utc = (y: number, mo: number, d: number, h = 0, mi = 0, s = 0): number =>
  Date.UTC(y, mo - 1, d, h, mi, s) / 1000;
const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** Seconds from 1900 to 2100, whole seconds. */
const seconds = fc.integer({ min: utc(1900, 1, 1), max: utc(2100, 12, 31) });

function parts(t: number) {
  const d = new Date(t * 1000);
  return {
    y: d.getUTCFullYear(),
    mo: d.getUTCMonth() + 1,
    d: d.getUTCDate(),
    h: d.getUTCHours(),
    mi: d.getUTCMinutes(),
    s: d.getUTCSeconds(),
  };
}

describe('parseDateTime', { timeout: PROPERTY_TIMEOUT }, () => {
  it('reads ISO dates and date-times, naive as UTC, with Z or an offset', () => {
    expect(parseDateTime('2020-01-03')).toBe(utc(2020, 1, 3));
    expect(parseDateTime(' 2020-1-3 ')).toBe(utc(2020, 1, 3));
    expect(parseDateTime('2020-01-03T09:30')).toBe(utc(2020, 1, 3, 9, 30));
    expect(parseDateTime('2020-01-03 09:30:15')).toBe(utc(2020, 1, 3, 9, 30, 15));
    expect(parseDateTime('2020-01-03T09:30:15.250Z')).toBe(utc(2020, 1, 3, 9, 30, 15) + 0.25);
    expect(parseDateTime('2020-01-03T09:30:00+02:00')).toBe(utc(2020, 1, 3, 7, 30));
    expect(parseDateTime('2020-01-03T09:30:00-0530')).toBe(utc(2020, 1, 3, 15, 0));
    expect(parseDateTime('2020-01-03T09:30:00+01')).toBe(utc(2020, 1, 3, 8, 30));
    expect(parseDateTime('2020-01-03 09:30 UTC')).toBe(utc(2020, 1, 3, 9, 30));
    expect(parseDateTime('2020/01/03')).toBe(utc(2020, 1, 3));
    expect(parseDateTime('2020.01.03 23:59')).toBe(utc(2020, 1, 3, 23, 59));
  });

  it('tells epoch seconds from milliseconds by magnitude', () => {
    expect(parseDateTime('1577836800')).toBe(utc(2020, 1, 1));
    expect(parseDateTime('1577836800000')).toBe(utc(2020, 1, 1));
    expect(parseDateTime('1577836800.5')).toBe(utc(2020, 1, 1) + 0.5);
    expect(parseDateTime('-86400')).toBe(-86400);
    expect(parseDateTime('99999999999')).toBe(99999999999);
    expect(parseDateTime('100000000000')).toBe(1e8);
    expect(parseDateTime('20200103')).toBe(20200103);
    expect(parseDateTime('2020')).toBe(2020);
    expect(parseDateTime('20200103', false, true)).toBe(utc(2020, 1, 3));
    expect(parseDateTime('1e9')).toBeNaN();
    expect(parseDateTime('9'.repeat(20))).toBeNaN();
  });

  it('reads first/second/year dates in the order asked, with two-digit years and AM/PM', () => {
    expect(parseDateTime('01/02/2020')).toBe(utc(2020, 1, 2));
    expect(parseDateTime('01/02/2020', true)).toBe(utc(2020, 2, 1));
    expect(parseDateTime('3.4.2020', true)).toBe(utc(2020, 4, 3));
    expect(parseDateTime('03-04-2020 14:05', true)).toBe(utc(2020, 4, 3, 14, 5));
    expect(parseDateTime('1/2/20')).toBe(utc(2020, 1, 2));
    expect(parseDateTime('1/2/69')).toBe(utc(1969, 1, 2));
    expect(parseDateTime('1/2/2020 12:15 AM')).toBe(utc(2020, 1, 2, 0, 15));
    expect(parseDateTime('1/2/2020 1:15:30 pm')).toBe(utc(2020, 1, 2, 13, 15, 30));
    expect(parseDateTime('13/02/2020')).toBeNaN();
    expect(parseDateTime('13/02/2020', true)).toBe(utc(2020, 2, 13));
  });

  it('reads month names', () => {
    expect(parseDateTime('Jan 1 2000')).toBe(utc(2000, 1, 1));
    expect(parseDateTime('January 15, 2000')).toBe(utc(2000, 1, 15));
    expect(parseDateTime('Sept 3 2001 10:00')).toBe(utc(2001, 9, 3, 10));
    expect(parseDateTime('2 Mar 2020')).toBe(utc(2020, 3, 2));
    expect(parseDateTime('02-Mar-2020')).toBe(utc(2020, 3, 2));
    expect(parseDateTime('02-mar-20')).toBe(utc(2020, 3, 2));
    expect(parseDateTime('Foo 2 2020')).toBeNaN();
    expect(parseDateTime('Ma 2 2020')).toBeNaN();
  });

  it('rejects impossible or partial dates and times', () => {
    for (const cell of [
      '',
      '  ',
      'date',
      'NaN',
      '2020-02-30',
      '2019-02-29',
      '2020-13-01',
      '2020-00-10',
      '2020-01-03T24:00',
      '2020-01-03T12:60',
      '2020-01-03T12:30:60',
      '2020-01-03T',
      '2020-01-03 9',
      '2020-01-03Z',
      '2020-01-03T10:00+2',
      '2020-01-03T10:00+25:00',
      '2020-01/03',
      '1/2/2020 13:00 PM',
      '12:30',
      '0x5E0BE100',
      '1.5.2020.1',
    ]) {
      expect([cell, parseDateTime(cell), parseDateTime(cell, true)]).toEqual([cell, Number.NaN, Number.NaN]);
    }
    expect(parseDateTime('2020-02-29')).toBe(utc(2020, 2, 29));
    expect(parseDateTime('2000-02-29')).toBe(utc(2000, 2, 29));
    expect(parseDateTime('1900-02-29')).toBeNaN();
  });

  it('reads years below 100 without the Date.UTC 1900 shift', () => {
    const year50 = new Date(0);
    year50.setUTCFullYear(50, 5, 1);
    expect(parseDateTime('0050-06-01')).toBe(year50.getTime() / 1000);
  });

  it('round-trips any time through every written form', () => {
    fc.assert(
      fc.property(seconds, (t) => {
        const { y, mo, d, h, mi, s } = parts(t);
        const day = utc(y, mo, d);
        expect(parseDateTime(`${y}-${pad(mo)}-${pad(d)}T${pad(h)}:${pad(mi)}:${pad(s)}Z`)).toBe(t);
        expect(parseDateTime(`${y}-${pad(mo)}-${pad(d)} ${pad(h)}:${pad(mi)}:${pad(s)}`)).toBe(t);
        expect(parseDateTime(`${y}-${pad(mo)}-${pad(d)}`)).toBe(day);
        expect(parseDateTime(`${pad(mo)}/${pad(d)}/${y} ${h}:${pad(mi)}:${pad(s)}`)).toBe(t);
        expect(parseDateTime(`${pad(d)}.${pad(mo)}.${y} ${pad(h)}:${pad(mi)}`, true)).toBe(t - s);
        expect(parseDateTime(`${d}/${mo}/${y}`, true)).toBe(day);
        expect(parseDateTime(String(t))).toBe(t);
        if (Math.abs(t * 1000) >= 1e11) expect(parseDateTime(String(t * 1000))).toBe(t);
        expect(parseDateTime(`${y}${pad(mo)}${pad(d)}`, false, true)).toBe(day);
      }),
      { seed: SEED, numRuns: 500 },
    );
  });

  it('applies any offset as local time minus the offset', () => {
    fc.assert(
      fc.property(seconds, fc.integer({ min: -14 * 60, max: 14 * 60 }), (t, offsetMinutes) => {
        const { y, mo, d, h, mi, s } = parts(t + offsetMinutes * 60);
        const sign = offsetMinutes < 0 ? '-' : '+';
        const zone = `${sign}${pad(Math.floor(Math.abs(offsetMinutes) / 60))}:${pad(Math.abs(offsetMinutes) % 60)}`;
        expect(parseDateTime(`${y}-${pad(mo)}-${pad(d)}T${pad(h)}:${pad(mi)}:${pad(s)}${zone}`)).toBe(t);
      }),
      { seed: SEED, numRuns: 300 },
    );
  });

  it('reads Interactive Brokers date-times: `YYYYMMDD  HH:MM:SS`, with or without a zone name', () => {
    expect(parseDateTime('20240102  09:30:00')).toBe(utc(2024, 1, 2, 9, 30));
    expect(parseDateTime('20240102 09:30')).toBe(utc(2024, 1, 2, 9, 30));
    // New York is five hours behind UTC in winter and four in summer.
    expect(parseDateTime('20240102 09:30:00 US/Eastern')).toBe(utc(2024, 1, 2, 14, 30));
    expect(parseDateTime('20240702 09:30:00 US/Eastern')).toBe(utc(2024, 7, 2, 13, 30));
    expect(parseDateTime('20240102 09:30:00 Mars/Olympus')).toBeNaN();
    expect(parseDateTime('20240102 9:3')).toBeNaN();
  });

  it('reads a zone name after any date-time, not taking a zone that starts with Am or Pm for AM/PM', () => {
    expect(parseDateTime('2024-01-02 09:30:00 America/New_York')).toBe(utc(2024, 1, 2, 14, 30));
    expect(parseDateTime('2024-01-02 09:30 AM America/Chicago')).toBe(utc(2024, 1, 2, 15, 30));
    expect(parseDateTime('01/02/2024 09:30 Europe/London')).toBe(utc(2024, 1, 2, 9, 30));
    expect(parseDateTime('2024-01-02T09:30:00Z America/New_York')).toBeNaN();
    expect(parseDateTime('2024-01-02 09:30 <script>')).toBeNaN();
  });

  it('reads any wall time of a named zone back to its time, across the daylight-saving changes', () => {
    const zones = ['America/New_York', 'Europe/London', 'Australia/Sydney', 'US/Eastern'];
    fc.assert(
      fc.property(seconds, fc.constantFrom(...zones), (t, zone) => {
        const c = wallClock(zone, t);
        const cell = `${c.year}${pad(c.month)}${pad(c.day)} ${pad(c.hour)}:${pad(c.minute)}:${pad(c.second)} ${zone}`;
        const read = parseDateTime(cell);
        // The same wall time; in the hour an autumn change repeats, the reading may be the other one.
        expect(wallClock(zone, read)).toEqual(c);
        expect([0, 3600]).toContain(Math.abs(read - t));
      }),
      { seed: SEED, numRuns: 300 },
    );
  });

  it('never throws, and returns a finite time or NaN, for any text', () => {
    const reading = createTimeCellReading();
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ unit: 'binary' }), fc.stringMatching(/^[\d/.:\- TZ+apm]{0,24}$/)),
        (cell) => {
          readTimeCell(cell, true, reading);
          for (const value of [reading.monthFirst, reading.dayFirst]) {
            expect(Number.isNaN(value) || Number.isFinite(value)).toBe(true);
          }
          expect(Number.isNaN(parseTimeOfDay(cell)) || parseTimeOfDay(cell) < 86400).toBe(true);
        },
      ),
      { seed: SEED, numRuns: 1000 },
    );
  });
});

describe('readTimeCell', () => {
  it('reads `YYYY-MM-DD HH:MM[:SS]` cells on their fixed positions as the general reader does', () => {
    // The fixed-position path takes cells of exactly 16 or 19 characters; a leading space sends the
    // same text through the general reader (which trims it), so the two readings can be compared.
    const digit = fc.constantFrom(...'0123456789');
    const twoDigits = fc.oneof(
      fc.integer({ min: 0, max: 99 }).map((n) => pad(n)),
      fc.tuple(digit, fc.constantFrom('x', ' ', '-', ':', '+')).map(([a, b]) => a + b),
    );
    /** Mostly in range, so that most cells take the fixed path; sometimes anything. */
    const field = (inRange: fc.Arbitrary<string>) =>
      fc.oneof({ arbitrary: inRange, weight: 9 }, { arbitrary: twoDigits, weight: 1 });
    const cell = fc
      .record({
        year: fc
          .oneof(fc.integer({ min: 1890, max: 2110 }), fc.integer({ min: 0, max: 9999 }))
          .map((y) => pad(y, 4)),
        sep: fc.constantFrom('-', '-', '/', '.', ':'),
        sep2: fc.constantFrom('-', '/', '.'),
        month: field(fc.integer({ min: 1, max: 12 }).map((m) => pad(m))),
        day: field(fc.integer({ min: 1, max: 31 }).map((d) => pad(d))),
        mid: fc.constantFrom(' ', ' ', 'T', 't', '_'),
        hour: field(fc.integer({ min: 0, max: 23 }).map((h) => pad(h))),
        minute: field(fc.integer({ min: 0, max: 59 }).map((m) => pad(m))),
        second: fc.option(field(fc.integer({ min: 0, max: 59 }).map((x) => pad(x)))),
        sameSep: fc.oneof(
          { arbitrary: fc.constant(true), weight: 9 },
          { arbitrary: fc.constant(false), weight: 1 },
        ),
      })
      .map(
        (c) =>
          `${c.year}${c.sep}${c.month}${c.sameSep ? c.sep : c.sep2}${c.day}${c.mid}${c.hour}:${c.minute}` +
          (c.second === null ? '' : `:${c.second}`),
      );
    const fixed = createTimeCellReading();
    const general = createTimeCellReading();
    let valid = 0;
    fc.assert(
      fc.property(cell, (text) => {
        readTimeCell(text, false, fixed);
        readTimeCell(` ${text}`, false, general);
        expect(fixed).toEqual(general);
        if (!Number.isNaN(fixed.monthFirst)) valid++;
      }),
      { seed: SEED, numRuns: 3000 },
    );
    // Both sides of the fixed path's range checks were reached.
    expect(valid).toBeGreaterThan(300);
    expect(valid).toBeLessThan(2700);
    expect(readTimeCell('2020-02-29 23:59:59', false, fixed)).toMatchObject({
      family: 'iso',
      separator: '-',
      hasTime: true,
      monthFirst: utc(2020, 2, 29, 23, 59, 59),
    });
  });

  it('reports the two leading fields and the separator of first/second/year dates', () => {
    const reading = readTimeCell('13.05.2020', false, createTimeCellReading());
    expect(reading).toMatchObject({ family: 'numeric-date', separator: '.', first: 13, second: 5 });
    expect(reading.monthFirst).toBeNaN();
    expect(reading.dayFirst).toBe(utc(2020, 5, 13));
    expect(readTimeCell('2020-05-13T10:00Z', false, reading)).toMatchObject({ family: 'iso', hasTime: true });
    expect(readTimeCell('1589364000000', false, reading).family).toBe('epoch-milliseconds');
  });
});

describe('parseTimeOfDay', () => {
  it('reads HH:MM[:SS], HHMM, HHMMSS and AM/PM', () => {
    expect(parseTimeOfDay('09:30')).toBe(9 * 3600 + 30 * 60);
    expect(parseTimeOfDay('9:30:15')).toBe(9 * 3600 + 30 * 60 + 15);
    expect(parseTimeOfDay('0930')).toBe(9 * 3600 + 30 * 60);
    expect(parseTimeOfDay('093015')).toBe(9 * 3600 + 30 * 60 + 15);
    expect(parseTimeOfDay('12:00 AM')).toBe(0);
    expect(parseTimeOfDay('12:00 PM')).toBe(12 * 3600);
    for (const cell of ['', '24:00', '9', '09:3', '09:30Z', 'noon', '2020-01-01'])
      expect(parseTimeOfDay(cell)).toBeNaN();
  });
});

describe('decideDateOrder', () => {
  it('is day-first when a first field exceeds 12, month-first when a second does', () => {
    expect(decideDateOrder(13, 31, '/')).toEqual({ dayFirst: true, assumed: false });
    expect(decideDateOrder(12, 13, '.')).toEqual({ dayFirst: false, assumed: false });
  });

  it('assumes US for `/` and EU for `.` and `-` when nothing decides', () => {
    expect(decideDateOrder(12, 12, '/')).toEqual({ dayFirst: false, assumed: true });
    expect(decideDateOrder(3, 4, '.')).toEqual({ dayFirst: true, assumed: true });
    expect(decideDateOrder(3, 4, '-')).toEqual({ dayFirst: true, assumed: true });
  });

  it('names the format', () => {
    expect(describeDateFormat('numeric-date', '.', true, false)).toBe('DD.MM.YYYY');
    expect(describeDateFormat('numeric-date', '/', false, true)).toBe('MM/DD/YYYY HH:MM:SS');
    expect(describeDateFormat('iso', '-', false, false)).toBe('YYYY-MM-DD');
    expect(describeDateFormat('epoch-milliseconds', '', false, false)).toBe('epoch milliseconds');
    expect(describeDateFormat('yyyymmdd', '', false, true)).toBe('YYYYMMDD HHMMSS');
    expect(describeDateFormat('yyyymmdd', ':', false, true)).toBe('YYYYMMDD HH:MM:SS');
  });
});
