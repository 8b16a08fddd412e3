import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatAlertTime, fromLocalInput, toLocalInput } from './alert-time';

describe('alert times', () => {
  it('are written in the workspace zone', () => {
    const ms = Date.UTC(2026, 10, 25, 12, 41, 14);
    expect(formatAlertTime(ms, 'UTC')).toBe('Nov 25, 2026, 12:41:14');
    expect(formatAlertTime(ms, 'America/New_York')).toBe('Nov 25, 2026, 07:41:14');
    expect(toLocalInput(ms, 'Asia/Tokyo')).toBe('2026-11-25T21:41');
  });

  it('a datetime-local value reads back as the same minute in the zone', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2040, 0, 1) }),
        fc.constantFrom('UTC', 'America/New_York', 'Europe/Berlin', 'Asia/Kolkata'),
        (ms, zone) => {
          const minute = Math.floor(ms / 60_000) * 60_000;
          const back = fromLocalInput(toLocalInput(minute, zone), zone);
          // A wall time repeated by a DST change may read as its other instant: same text either way.
          expect(toLocalInput(back as number, zone)).toBe(toLocalInput(minute, zone));
        },
      ),
    );
    expect(fromLocalInput('', 'UTC')).toBeNull();
  });
});
