import { describe, expect, it } from 'vitest';
import { baseSymbol, checkSymbolName, importedSymbolName } from './symbol-name';

describe('baseSymbol', () => {
  it('turns a file name into a ticker-like symbol', () => {
    expect(baseSymbol('prices.csv')).toBe('PRICES');
    expect(baseSymbol('my prices (2).csv')).toBe('MY-PRICES-2');
    expect(baseSymbol('C:\\data\\brk.b daily.TXT')).toBe('BRK.B-DAILY');
    expect(baseSymbol('/home/me/Société Générale.csv')).toBe('SOCIETE-GENERALE');
    expect(baseSymbol('eur_usd--2020.tsv')).toBe('EUR-USD-2020');
  });

  it("keeps a file's readable part: a time of day after its date is left out", () => {
    // What `Export visible data as CSV` names its file.
    expect(baseSymbol('spx-2026-12-05T02-03-48.csv')).toBe('SPX-2026-12-05');
    expect(baseSymbol('BTCUSDT 2025-01-06 14.30.csv')).toBe('BTCUSDT-2025-01-06');
    expect(baseSymbol('eurusd_2024-03-01_235959.csv')).toBe('EURUSD-2024-03-01');
    expect(baseSymbol('prices 2024-03-01.csv')).toBe('PRICES-2024-03-01');
  });

  it('keeps names short and falls back when nothing usable is left', () => {
    expect(baseSymbol('a-very-long-file-name-of-daily-bars.csv')).toBe('A-VERY-LONG-FILE');
    expect(baseSymbol('US 500 Historical Data.csv')).toBe('US-500-HISTORICAL');
    expect(baseSymbol('abcdefghijklmnopqrst-uvw.csv')).toBe('ABCDEFGHIJKLMNOPQRST');
    expect(baseSymbol('ab-cdefghijklmnopqrstuvwxyz.csv')).toBe('AB-CDEFGHIJKLMNOPQRS');
    expect(baseSymbol('a-very-long-file-name-of-daily-bars.csv').length).toBeLessThanOrEqual(20);
    expect(baseSymbol('.csv')).toBe('CSV');
    expect(baseSymbol('日本.csv')).toBe('IMPORT');
    expect(baseSymbol('')).toBe('IMPORT');
    expect(baseSymbol('---.csv')).toBe('IMPORT');
  });
});

describe('importedSymbolName', () => {
  it('never reuses a taken symbol: it numbers the name instead', () => {
    const taken = new Set(['SPX', 'SPX-2', 'PRICES']);
    const isTaken = (s: string) => taken.has(s);
    expect(importedSymbolName('SPX.csv', isTaken)).toBe('SPX-3');
    expect(importedSymbolName('prices.csv', isTaken)).toBe('PRICES-2');
    expect(importedSymbolName('other.csv', isTaken)).toBe('OTHER');
    const longTaken = (name: string) => name === 'US-500-HISTORICAL';
    expect(importedSymbolName('US 500 Historical Data.csv', longTaken)).toBe('US-500-HISTORICAL-2');
  });

  it('shortens a long name to make room for the number', () => {
    const long = 'abcdefghijklmnopqrstuvwxyz.csv';
    const name = importedSymbolName(long, (s) => s === 'ABCDEFGHIJKLMNOPQRST');
    expect(name).toBe('ABCDEFGHIJKLMNOPQR-2');
    expect(name.length).toBeLessThanOrEqual(20);
  });
});

describe('checkSymbolName', () => {
  it('takes a ticker as typed (trimmed, any case) and says why another cannot be one', () => {
    expect(checkSymbolName(' spx-backtest ')).toBeNull();
    expect(checkSymbolName('brk.b')).toBeNull();
    expect(checkSymbolName('')).toBe('A symbol needs a name.');
    expect(checkSymbolName('my prices')).toMatch(/letters, digits/);
    expect(checkSymbolName('-SPX')).toMatch(/starting with a letter or a digit/);
    expect(checkSymbolName('A'.repeat(25))).toBe('A symbol has at most 24 characters.');
  });
});
