/**
 * File shapes exported by other platforms, each read right with no change by the user. The closing
 * note of the import work lists these shapes; a shape added to the reader gets a case here.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Bar } from '../../core/bars/bar-columns';
import { LAST_IMPORT_YEAR } from './dates';
import { parseCsvText } from './import-csv';

const DAY = 86_400;
const START = Date.UTC(2019, 11, 2) / 1000;

const bars: Bar[] = Array.from({ length: 300 }, (_, i) => ({
  time: START + i * DAY,
  open: 3143.85 + i,
  high: 3150.5 + i,
  low: 3130.25 + i,
  close: 3145.1 + i,
  volume: 1000 + i,
}));

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const ymd = (t: number) => {
  const d = new Date(t * 1000);
  return `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}`;
};
const dotted = (t: number) => {
  const s = ymd(t);
  return `${s.slice(0, 4)}.${s.slice(4, 6)}.${s.slice(6)}`;
};
const values = (b: Bar, sep: string, decimal = '.') =>
  [b.open, b.high, b.low, b.close]
    .map((v) => v.toFixed(2).replace('.', decimal))
    .concat(String(b.volume))
    .join(sep);

const SHAPES: Record<string, { text: string; format: string }> = {
  'MetaTrader / Dukascopy: no header, `;`, `YYYYMMDD HHMMSS`': {
    text: bars.map((b) => `${ymd(b.time)} 000000;${values(b, ';')}`).join('\n'),
    format: 'YYYYMMDD HHMMSS',
  },
  '`YYYYMMDDHHMMSS` in one number': {
    text: `time,open,high,low,close,volume\n${bars.map((b) => `${ymd(b.time)}000000,${values(b, ',')}`).join('\n')}`,
    format: 'YYYYMMDD HHMMSS',
  },
  'Stooq / Quandl: `YYYYMMDD`': {
    text: `Date,Open,High,Low,Close,Volume\n${bars.map((b) => `${ymd(b.time)},${values(b, ',')}`).join('\n')}`,
    format: 'YYYYMMDD',
  },
  'NinjaTrader: separate date and time columns': {
    text: `Date,Time,Open,High,Low,Close,Volume\n${bars.map((b) => `${ymd(b.time)},00:00,${values(b, ',')}`).join('\n')}`,
    format: 'YYYYMMDD, time of day in Time',
  },
  'Interactive Brokers: `YYYYMMDD  HH:MM:SS`, a WAP and a bar count after the volume': {
    text: `date,open,high,low,close,volume,average,barCount\n${bars
      .map((b) => `${ymd(b.time)}  00:00:00,${values(b, ',')},${b.close.toFixed(2)},50`)
      .join('\n')}`,
    format: 'YYYYMMDD HH:MM:SS',
  },
  'European: `DD.MM.YYYY`, `;`, decimal comma': {
    text: `Datum;Open;High;Low;Close;Volume\n${bars
      .map((b) => {
        const s = ymd(b.time);
        return `${s.slice(6)}.${s.slice(4, 6)}.${s.slice(0, 4)};${values(b, ';', ',')}`;
      })
      .join('\n')}`,
    format: 'DD.MM.YYYY',
  },
  'MetaTrader 5: `<DATE>` headers, tabs, `YYYY.MM.DD`, the volume in `<TICKVOL>` (`<VOL>` is 0), a spread': {
    text: `<DATE>\t<TIME>\t<OPEN>\t<HIGH>\t<LOW>\t<CLOSE>\t<TICKVOL>\t<VOL>\t<SPREAD>\n${bars
      .map((b) => `${dotted(b.time)}\t00:00:00\t${values(b, '\t')}\t0\t12`)
      .join('\n')}`,
    format: 'YYYY.MM.DD, time of day in <TIME>',
  },
  'MetaTrader 4 history: no header, `YYYY.MM.DD,HH:MM`': {
    text: bars.map((b) => `${dotted(b.time)},00:00,${values(b, ',')}`).join('\n'),
    format: 'YYYY.MM.DD, time of day in column 2',
  },
  'epoch seconds': {
    text: `time,open,high,low,close,volume\n${bars.map((b) => `${b.time},${values(b, ',')}`).join('\n')}`,
    format: 'epoch seconds',
  },
  'epoch milliseconds': {
    text: `time,open,high,low,close,volume\n${bars.map((b) => `${b.time * 1000},${values(b, ',')}`).join('\n')}`,
    format: 'epoch milliseconds',
  },
  'epoch microseconds': {
    text: `time,open,high,low,close,volume\n${bars.map((b) => `${b.time * 1_000_000},${values(b, ',')}`).join('\n')}`,
    format: 'epoch microseconds',
  },
};

/**
 * The same 96 quarter-hour bars from 2019-12-02 20:00 UTC (across midnight) as each application
 * writes them, in fixtures/exports/ (our own rows): times of day other than 00:00 in every shape,
 * separate time columns included, each file with the line ends its application writes.
 */
const INTRADAY_START = Date.UTC(2019, 11, 2, 20, 0) / 1000;
const INTRADAY_BARS = 96;
const EXPORTS: [file: string, format: string][] = [
  ['metatrader-dukascopy.csv', 'YYYYMMDD HHMMSS'],
  ['yyyymmddhhmmss.csv', 'YYYYMMDD HHMMSS'],
  ['ninjatrader.csv', 'YYYYMMDD, time of day in Time'],
  ['interactive-brokers.csv', 'YYYYMMDD HH:MM:SS'],
  ['metatrader5.csv', 'YYYY.MM.DD, time of day in <TIME>'],
  ['metatrader4.csv', 'YYYY.MM.DD, time of day in column 2'],
  // 2 and 3 December: no field above 12, so day-first is the separator's guess, and the user is asked.
  ['european.csv', 'DD.MM.YYYY, time of day in Zeit (assumed day first: no field above 12)'],
  ['epoch-seconds.csv', 'epoch seconds'],
  ['epoch-milliseconds.csv', 'epoch milliseconds'],
  ['epoch-microseconds.csv', 'epoch microseconds'],
];
const exportFile = (name: string) =>
  readFileSync(new URL(`../../fixtures/exports/${name}`, import.meta.url), 'utf8');

describe('intraday exports as each application writes them (fixtures/exports)', () => {
  it.each(EXPORTS)('%s: every row at its time of day, with its values', (file, format) => {
    const report = parseCsvText(exportFile(file));
    expect(report.fatal).toBe(false);
    expect(report.dateFormat).toBe(format);
    expect(report.rowsKept).toBe(INTRADAY_BARS);
    const times = Array.from(report.series.time);
    expect(times).toEqual(Array.from({ length: INTRADAY_BARS }, (_, i) => INTRADAY_START + i * 900));
    // 23:45 on the 2nd, then midnight and 00:15 on the 3rd: the time column read, not only the date.
    expect(new Date((times[15] as number) * 1000).toISOString()).toBe('2019-12-02T23:45:00.000Z');
    expect(new Date((times[17] as number) * 1000).toISOString()).toBe('2019-12-03T00:15:00.000Z');
    expect(report.series.open?.[0]).toBeCloseTo(3143.85, 6);
    expect(report.series.close?.[INTRADAY_BARS - 1]).toBeCloseTo(3145.1 + 0.25 * (INTRADAY_BARS - 1), 6);
    expect(report.series.volume?.[INTRADAY_BARS - 1]).toBe(1000 + INTRADAY_BARS - 1);
    expect(report.problems).toEqual([]);
  });
});

describe('exports from other platforms', () => {
  it.each(Object.entries(SHAPES))(
    '%s: every row, at its time, with its values',
    (_name, { text, format }) => {
      const report = parseCsvText(text);
      expect(report.fatal).toBe(false);
      expect(report.dateFormat).toBe(format);
      expect(report.rowsKept).toBe(bars.length);
      const { series } = report;
      expect(series.time[0]).toBe(bars[0]?.time);
      expect(series.time[bars.length - 1]).toBe(bars.at(-1)?.time);
      expect(series.close?.[0]).toBeCloseTo(3145.1, 6);
      expect(series.volume?.[bars.length - 1]).toBe(1299);
    },
  );

  it('names a row whose date lies outside 1900 to next year instead of charting it', () => {
    const text = `Date,Open,High,Low,Close\n2020-01-02,1,2,0.5,1.5\n1850-06-01,1,2,0.5,1.5\n${LAST_IMPORT_YEAR + 1}-01-01,1,2,0.5,1.5\n2020-01-03,1,2,0.5,1.5`;
    const report = parseCsvText(text);
    expect(report.rowsKept).toBe(2);
    expect(report.problemCounts['bad-date']).toBe(2);
    expect(report.problems.map((p) => p.message)).toEqual([
      expect.stringContaining(`outside the years 1900 to ${LAST_IMPORT_YEAR}`),
      expect.stringContaining(`outside the years 1900 to ${LAST_IMPORT_YEAR}`),
    ]);
  });

  it('TradingView: study columns beside the bars, NaN where a value is missing, NaN volumes kept as bars', () => {
    const header = 'time,open,high,low,close,Basis,Upper,Lower,Volume,Volume MA';
    const row = (b: Bar, i: number) =>
      [b.time, b.open, b.high, b.low, b.close, i < 19 ? 'NaN' : b.close - 1, 'NaN', 'NaN']
        .concat(i === 3 ? 'NaN' : b.volume, 'NaN')
        .join(',');
    const report = parseCsvText([header, ...bars.map(row)].join('\n'));
    expect(report.shape).toBe('ohlcv');
    expect(report.rowsKept).toBe(bars.length);
    expect(Array.from(report.series.close ?? []).slice(0, 2)).toEqual([3145.1, 3146.1]);
    expect(report.series.volume?.[2]).toBe(1002);
    // The bar without a volume is there, at 0, and the report says so by row and column.
    expect(report.series.volume?.[3]).toBe(0);
    expect(report.problems).toEqual([
      {
        kind: 'no-volume',
        row: 5,
        column: 'Volume',
        message: "Row 5: volume 'NaN' is not a number; the bar is kept with a volume of 0",
      },
    ]);
    expect(report.repair.skipRows).toEqual([]);

    // A symbol without volume (an index): NaN throughout, so the bars come without a volume column.
    const index = parseCsvText(
      [header, ...bars.map((b) => row({ ...b, volume: Number.NaN }, 20))].join('\n'),
    );
    expect(index.shape).toBe('ohlc');
    expect(index.rowsKept).toBe(bars.length);
    expect(index.problems).toEqual([
      {
        kind: 'missing-column',
        row: 1,
        message: 'Row 1: The Volume column holds no numbers: the bars are imported without volume.',
      },
    ]);
    expect(index.repair.skipRows).toEqual([]);
  });

  it('Binance klines: no header, twelve columns; the volume is the sixth, not the last', () => {
    const text = bars
      .map((b) =>
        [b.time * 1000, values(b, ','), b.time * 1000 + DAY * 1000 - 1, b.volume * 3000, 500, 1, 2, 0].join(
          ',',
        ),
      )
      .join('\n');
    const report = parseCsvText(text);
    expect(report.fatal).toBe(false);
    expect(report.dateFormat).toBe('epoch milliseconds');
    expect(report.rowsKept).toBe(bars.length);
    expect(report.series.close?.[0]).toBeCloseTo(3145.1, 6);
    expect(report.series.volume?.[0]).toBe(1000);
    expect(report.series.volume?.[bars.length - 1]).toBe(1299);
  });

  it('Investing.com: Price is the close, Vol. has K/M/B suffixes, newest first, a change column', () => {
    const mdy = (t: number) => {
      const s = ymd(t);
      return `${s.slice(4, 6)}/${s.slice(6)}/${s.slice(0, 4)}`;
    };
    const money = (v: number) =>
      v.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const rows = [...bars].reverse().map((b) => {
      const cells = [
        mdy(b.time),
        money(b.close),
        money(b.open),
        money(b.high),
        money(b.low),
        `${(b.volume / 1000).toFixed(3)}K`,
        '-0.34%',
      ];
      return cells.map((cell) => `"${cell}"`).join(',');
    });
    const report = parseCsvText(`"Date","Price","Open","High","Low","Vol.","Change %"\n${rows.join('\n')}`);
    expect(report.fatal).toBe(false);
    expect(report.shape).toBe('ohlcv');
    expect(report.rowsKept).toBe(bars.length);
    expect(report.series.time[0]).toBe(bars[0]?.time);
    expect(report.series.open?.[0]).toBeCloseTo(3143.85, 6);
    expect(report.series.close?.[0]).toBeCloseTo(3145.1, 6);
    expect(report.series.close?.[bars.length - 1]).toBeCloseTo(3145.1 + 299, 6);
    expect(report.series.volume?.[bars.length - 1]).toBe(1299);
    expect(report.problems.map((p) => p.message).join(' ')).not.toMatch(/No +column/);
  });

  it('says when the day/month order is only assumed (no field above 12), so the user is asked', () => {
    const text = `Date,Open,High,Low,Close\n${Array.from({ length: 10 }, (_, i) => `${pad(i + 1)}/03/2020,1,2,0.5,1.5`).join('\n')}`;
    const report = parseCsvText(text);
    expect(report.dateOrderAssumed).toBe(true);
    const dayFirst = parseCsvText(text, { mapping: { dateOrder: 'day-first' } });
    expect(dayFirst.series.time[1]).toBe(Date.UTC(2020, 2, 2) / 1000);
  });

  it('Yahoo Finance: an Adj Close column, and a day without trading written as null throughout: one problem, skipped', () => {
    const header = 'Date,Open,High,Low,Close,Adj Close,Volume';
    const iso = (t: number) => new Date(t * 1000).toISOString().slice(0, 10);
    const row = (b: Bar, i: number) =>
      i === 4
        ? `${iso(b.time)},null,null,null,null,null,null`
        : `${iso(b.time)},${[b.open, b.high, b.low, b.close, b.close * 0.99].map((v) => v.toFixed(6)).join(',')},${b.volume}`;
    const report = parseCsvText([header, ...bars.map(row)].join('\n'));
    expect(report.shape).toBe('ohlcv');
    expect(report.columns.close).toBe(4);
    expect(report.rowsKept).toBe(bars.length - 1);
    expect(report.problems).toEqual([
      {
        kind: 'no-prices',
        row: 6,
        message: "Row 6: no prices ('null' in every column); the row is skipped",
      },
    ]);
    expect(report.repair.skipRows).toEqual([6]);

    // Some prices there and some not is a row with a bad cell, told by column as before.
    const partial = parseCsvText(`${header}\n2020-01-02,1,2,null,1.5,1.5,100`);
    expect(partial.problems.map((p) => [p.kind, p.column])).toEqual([['not-a-number', 'Low']]);
  });
});
