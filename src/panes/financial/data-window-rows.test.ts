import { describe, expect, it } from 'vitest';
import { dataWindowRows } from './data-window-rows';

const bar = {
  time: Date.UTC(2024, 2, 11, 13, 30) / 1000,
  open: 100,
  high: 104.5,
  low: 99,
  close: 102,
  volume: 1_250_000,
};

describe('data window rows', () => {
  it('list the bar in the zone, its change from the close before, the MA and every study output', () => {
    const rows = dataWindowRows(
      { bar, previousClose: 100, ma: 101.256 },
      {
        intraday: true,
        zone: 'America/New_York',
        maLabel: 'MA 20',
        showMa: true,
        studies: [
          {
            outputs: [
              { label: 'Upper', value: 110 },
              { label: 'Lower', value: Number.NaN },
            ],
          },
        ],
      },
    );
    expect(rows).toEqual([
      { label: 'Time', value: expect.stringMatching(/Mar 11, 2024.*09:30/) },
      { label: 'Open', value: '100.00' },
      { label: 'High', value: '104.50' },
      { label: 'Low', value: '99.00' },
      { label: 'Close', value: '102.00' },
      { label: 'Change', value: '+2.00 (+2.00%)' },
      { label: 'Volume', value: '1.25M' },
      { label: 'MA 20', value: '101.26' },
      { label: 'Upper', value: '110.00' },
      { label: 'Lower', value: 'n/a' },
    ]);
  });

  it('list the time, close and change alone for a series of closes (no open, high, low or volume)', () => {
    const rows = dataWindowRows(
      { bar: { ...bar, closesOnly: true }, previousClose: 100, ma: Number.NaN },
      { intraday: false, zone: 'UTC', maLabel: 'MA 20', showMa: false, studies: [] },
    );
    expect(rows).toEqual([
      { label: 'Time', value: 'Mar 11, 2024' },
      { label: 'Close', value: '102.00' },
      { label: 'Change', value: '+2.00 (+2.00%)' },
    ]);
  });

  it('say n/a for the first bar change, and leave a hidden MA out', () => {
    const rows = dataWindowRows(
      { bar, previousClose: null, ma: Number.NaN },
      { intraday: false, zone: 'UTC', maLabel: 'MA 20', showMa: false, studies: [] },
    );
    expect(rows.find((r) => r.label === 'Change')?.value).toBe('n/a');
    expect(rows.some((r) => r.label === 'MA 20')).toBe(false);
    expect(rows[0]?.value).toBe('Mar 11, 2024');
  });

  it("end with each compared symbol's close at the bar at its decimals, n/a where it has none", () => {
    const rows = dataWindowRows(
      { bar, previousClose: null, ma: Number.NaN },
      {
        intraday: false,
        zone: 'UTC',
        maLabel: 'MA 20',
        showMa: false,
        studies: [],
        compared: [
          { symbol: 'AAPL', close: 189.5 },
          { symbol: 'EURUSD', close: 1.08345, decimals: 5 },
          { symbol: 'MSFT', close: Number.NaN },
        ],
      },
    );
    expect(rows.slice(-3)).toEqual([
      { label: 'AAPL', value: '189.50' },
      { label: 'EURUSD', value: '1.08345' },
      { label: 'MSFT', value: 'n/a' },
    ]);
  });
});
