import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { zoneOffset } from '../time/zone-clock';
import {
  AROUND_THE_CLOCK,
  isAroundTheClock,
  NYSE,
  SessionClock,
  sessionOn,
  sessionsBetween,
  type TradingSession,
  zonedTime,
} from './trading-session';

const at = (iso: string) => Date.parse(iso) / 1000;
const DAY = 86_400;
const dayOf = (iso: string) => Math.floor(at(`${iso}T00:00:00Z`) / DAY);

describe('zone offsets and wall-clock times', () => {
  it('follow each zone across its spring and autumn changes', () => {
    // New York: EST (-5 h) to EDT (-4 h) on 2024-03-10, back on 2024-11-03.
    expect(zoneOffset('America/New_York', at('2024-03-09T15:00:00Z'))).toBe(-5 * 3600);
    expect(zoneOffset('America/New_York', at('2024-03-11T15:00:00Z'))).toBe(-4 * 3600);
    expect(zoneOffset('America/New_York', at('2024-11-04T15:00:00Z'))).toBe(-5 * 3600);
    // London: GMT to BST on 2024-03-31; Sydney: AEDT (+11 h) to AEST (+10 h) on 2024-04-07.
    expect(zoneOffset('Europe/London', at('2024-03-30T12:00:00Z'))).toBe(0);
    expect(zoneOffset('Europe/London', at('2024-04-01T12:00:00Z'))).toBe(3600);
    expect(zoneOffset('Australia/Sydney', at('2024-04-06T00:00:00Z'))).toBe(11 * 3600);
    expect(zoneOffset('Australia/Sydney', at('2024-04-08T00:00:00Z'))).toBe(10 * 3600);
  });

  it('place 09:30 New York at 14:30 UTC in winter and 13:30 UTC in summer', () => {
    expect(zonedTime('America/New_York', dayOf('2024-03-08'), 570)).toBe(at('2024-03-08T14:30:00Z'));
    expect(zonedTime('America/New_York', dayOf('2024-03-11'), 570)).toBe(at('2024-03-11T13:30:00Z'));
    // On the day of the change itself (02:00 became 03:00), 09:30 is already summer time.
    expect(zonedTime('America/New_York', dayOf('2024-03-10'), 570)).toBe(at('2024-03-10T13:30:00Z'));
    expect(zonedTime('Australia/Sydney', dayOf('2024-04-08'), 600)).toBe(at('2024-04-08T00:00:00Z'));
  });
});

describe('sessions', () => {
  it('list the NYSE sessions of a week: weekdays only, at the local open and close', () => {
    const spans = sessionsBetween(NYSE, at('2024-03-08T00:00:00Z'), at('2024-03-12T23:00:00Z'));
    expect(spans).toEqual([
      { open: at('2024-03-08T14:30:00Z'), close: at('2024-03-08T21:00:00Z') },
      { open: at('2024-03-11T13:30:00Z'), close: at('2024-03-11T20:00:00Z') },
      { open: at('2024-03-12T13:30:00Z'), close: at('2024-03-12T20:00:00Z') },
    ]);
  });

  it('skip holidays', () => {
    const withHoliday: TradingSession = { ...NYSE, holidays: ['2024-03-11'] };
    const spans = sessionsBetween(withHoliday, at('2024-03-11T00:00:00Z'), at('2024-03-12T23:00:00Z'));
    expect(spans.map((s) => s.open)).toEqual([at('2024-03-12T13:30:00Z')]);
  });

  it('tell in-session times and the open their buckets count from', () => {
    const clock = new SessionClock(NYSE);
    expect(clock.inSession(at('2024-03-08T14:29:00Z'))).toBe(false);
    expect(clock.inSession(at('2024-03-08T14:30:00Z'))).toBe(true);
    expect(clock.inSession(at('2024-03-08T20:59:00Z'))).toBe(true);
    expect(clock.inSession(at('2024-03-08T21:00:00Z'))).toBe(false);
    expect(clock.inSession(at('2024-03-09T15:00:00Z'))).toBe(false); // Saturday
    // Over the weekend and on Monday before the open, buckets still count from Friday's open.
    expect(clock.anchor(at('2024-03-09T15:00:00Z'))).toBe(at('2024-03-08T14:30:00Z'));
    expect(clock.anchor(at('2024-03-11T13:00:00Z'))).toBe(at('2024-03-08T14:30:00Z'));
    expect(clock.anchor(at('2024-03-11T13:30:00Z'))).toBe(at('2024-03-11T13:30:00Z'));
  });

  it('agree with the session list for any time, asked in order or not', () => {
    const from = at('2024-01-01T00:00:00Z');
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 400 * DAY }), { maxLength: 60 }), (offsets) => {
        const clock = new SessionClock(NYSE);
        for (const offset of offsets) {
          const time = from + offset;
          const spans = sessionsBetween(NYSE, time - 20 * DAY, time);
          const open = spans.some((s) => s.open <= time && time < s.close);
          expect(clock.inSession(time)).toBe(open);
          expect(clock.anchor(time)).toBe(spans.filter((s) => s.open <= time).at(-1)?.open);
        }
      }),
      { numRuns: 40 },
    );
  });

  it('answer in a pass forward as a new clock answers each time, across closures of weeks', () => {
    // NYSE with three weeks shut in August 2024: no open in the two weeks before some days.
    const closed = Array.from(
      { length: 21 },
      (_, i) => new Date((at('2024-08-05T00:00:00Z') + i * DAY) * 1000),
    )
      .map((d) => d.toISOString().slice(0, 10))
      .filter((iso) => ![0, 6].includes(new Date(iso).getUTCDay()));
    const session: TradingSession = { ...NYSE, holidays: closed };
    fc.assert(
      fc.property(
        fc.integer({ min: at('2024-07-15T00:00:00Z'), max: at('2024-08-20T00:00:00Z') }),
        fc.array(fc.integer({ min: 1, max: 9 * 3600 }), { minLength: 50, maxLength: 200 }),
        (from, steps) => {
          const clock = new SessionClock(session);
          let time = from;
          for (const step of steps) {
            time += step;
            const fresh = new SessionClock(session);
            expect(clock.anchorSpan(time)).toEqual(fresh.anchorSpan(time));
            expect(clock.sessionSpan(time)).toEqual(new SessionClock(session).sessionSpan(time));
          }
        },
      ),
      { numRuns: 30 },
    );
  });

  it('knows a market that never closes', () => {
    expect(isAroundTheClock(AROUND_THE_CLOCK)).toBe(true);
    expect(isAroundTheClock(NYSE)).toBe(false);
    expect(isAroundTheClock({ ...AROUND_THE_CLOCK, calendar: 'NYSE' })).toBe(false);
  });
});

describe('NYSE sessions on holidays and short days', () => {
  it('have no session on a holiday or a closure', () => {
    for (const date of ['2024-01-01', '2024-03-29', '2024-06-19', '2024-11-28', '2024-12-25', '2012-10-29']) {
      expect(sessionOn(NYSE, dayOf(date))).toBeNull();
    }
    // New Year's Day 2022 fell on a Saturday: the Friday before traded as any Friday.
    expect(sessionOn(NYSE, dayOf('2021-12-31'))).toEqual({
      open: at('2021-12-31T14:30:00Z'),
      close: at('2021-12-31T21:00:00Z'),
    });
  });

  it('close at 13:00 New York on a short day, in summer and winter time alike', () => {
    expect(sessionOn(NYSE, dayOf('2024-07-03'))).toEqual({
      open: at('2024-07-03T13:30:00Z'),
      close: at('2024-07-03T17:00:00Z'),
    });
    expect(sessionOn(NYSE, dayOf('2024-11-29'))?.close).toBe(at('2024-11-29T18:00:00Z'));
    expect(sessionOn(NYSE, dayOf('2024-12-24'))?.close).toBe(at('2024-12-24T18:00:00Z'));
    expect(sessionOn(NYSE, dayOf('2024-12-23'))?.close).toBe(at('2024-12-23T21:00:00Z'));
  });

  it('skip Thanksgiving in the week of sessions, and count its hours from the open before', () => {
    const spans = sessionsBetween(NYSE, at('2024-11-27T00:00:00Z'), at('2024-11-29T23:00:00Z'));
    expect(spans).toEqual([
      { open: at('2024-11-27T14:30:00Z'), close: at('2024-11-27T21:00:00Z') },
      { open: at('2024-11-29T14:30:00Z'), close: at('2024-11-29T18:00:00Z') },
    ]);
    const clock = new SessionClock(NYSE);
    expect(clock.inSession(at('2024-11-28T16:00:00Z'))).toBe(false);
    expect(clock.anchor(at('2024-11-28T16:00:00Z'))).toBe(at('2024-11-27T14:30:00Z'));
    expect(clock.inSession(at('2024-11-29T17:59:00Z'))).toBe(true);
    expect(clock.inSession(at('2024-11-29T18:00:00Z'))).toBe(false);
  });
});
