import { describe, expect, it } from 'vitest';
import { EXCHANGE_ZONE, isTimeZone, timeZoneOf, zoneFor, zoneLabel } from './time-zone';

describe('time zone settings', () => {
  it('accepts IANA names, UTC, local and exchange, and nothing else', () => {
    for (const zone of ['America/New_York', 'US/Eastern', 'UTC', 'local', EXCHANGE_ZONE]) {
      expect(isTimeZone(zone), zone).toBe(true);
    }
    for (const zone of ['Mars/Olympus', '', 'Exchange', 'utc+1']) expect(isTimeZone(zone), zone).toBe(false);
  });

  it("exchange: a symbol's times are in its exchange's zone, UTC for one without (around the clock)", () => {
    expect(zoneFor(EXCHANGE_ZONE, 'America/New_York')).toBe('America/New_York');
    expect(zoneFor(EXCHANGE_ZONE, undefined)).toBe('UTC');
    // Any other setting holds for every symbol.
    expect(zoneFor('Asia/Tokyo', 'America/New_York')).toBe('Asia/Tokyo');
    expect(zoneFor('local', undefined)).toBe('local');
  });

  it('names the settings', () => {
    expect(timeZoneOf({})).toBe('UTC');
    expect(zoneLabel(EXCHANGE_ZONE)).toBe('exchange time');
    expect(zoneLabel('local')).toBe('local time');
    expect(zoneLabel('America/New_York')).toBe('America/New York');
  });
});
