import { describe, expect, it } from 'vitest';
import { baseSymbol, importedSymbolName } from './symbol-name';

describe('baseSymbol', () => {
  it('turns a file name into a ticker-like symbol', () => {
    expect(baseSymbol('prices.csv')).toBe('PRICES');
    expect(baseSymbol('my prices (2).csv')).toBe('MY-PRICES-2');
    expect(baseSymbol('C:\\data\\brk.b daily.TXT')).toBe('BRK.B-DAILY');
    expect(baseSymbol('/home/me/Société Générale.csv')).toBe('SOCIETE-GENERALE');
    expect(baseSymbol('eur_usd--2020.tsv')).toBe('EUR-USD-2020');
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
