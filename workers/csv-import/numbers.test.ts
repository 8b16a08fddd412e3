import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasDecimalComma, hasDecimalPoint, looksNumeric, parseNumberCell } from './numbers';

const SEED = 20261126;

describe('parseNumberCell', () => {
  it('reads decimals, exponents, signs, currency signs and thousands separators', () => {
    const cases: [string, number][] = [
      ['1', 1],
      ['-1.5', -1.5],
      ['+2', 2],
      ['.5', 0.5],
      ['1e3', 1000],
      ['2.5E-3', 0.0025],
      [' 7 ', 7],
      ['12\r', 12],
      ['$272.99', 272.99],
      ['-$5', -5],
      ['€ 3', 3],
      ['1,234.5', 1234.5],
      ['12,345,678', 12345678],
    ];
    for (const [cell, value] of cases) expect([cell, parseNumberCell(cell, false)]).toEqual([cell, value]);
  });

  it('reads a decimal comma only in a decimal-comma column', () => {
    expect(parseNumberCell('1,5', true)).toBe(1.5);
    expect(parseNumberCell('-12,25', true)).toBe(-12.25);
    expect(parseNumberCell('1.234,5', true)).toBe(1234.5);
    expect(parseNumberCell('1.5', true)).toBe(1.5);
    expect(parseNumberCell('1,5', false)).toBeNaN();
    expect(parseNumberCell('1,5,6', true)).toBeNaN();
  });

  it('reads a thousand, million or billion suffix (Investing.com volumes) exactly', () => {
    expect(parseNumberCell('3.72B', false)).toBe(3_720_000_000);
    expect(parseNumberCell('845.10K', false)).toBe(845_100);
    expect(parseNumberCell('12m', false)).toBe(12_000_000);
    expect(parseNumberCell('1,5M', true)).toBe(1_500_000);
    expect(parseNumberCell('1,234.5K', false)).toBe(1_234_500);
    expect(parseNumberCell('2e21K', false)).toBe(2e24);
    for (const cell of ['K', 'B', '1KB', '1.5 KM', '0x1FK', '1e308B', 'NaNK', '1,5M']) {
      expect([cell, parseNumberCell(cell, false)]).toEqual([cell, Number.NaN]);
    }
  });

  it('rejects everything that is not a finite decimal number', () => {
    for (const cell of [
      '',
      '  ',
      'NaN',
      'nan',
      'Infinity',
      '-Infinity',
      '1e999',
      '0x1F',
      '0o17',
      '0b11',
      '-0x1',
      'abc',
      '1 2',
      '1.2.3',
      '--1',
      '1,5',
      '$',
      'N/A',
      '-',
      'null',
    ]) {
      expect([cell, parseNumberCell(cell, false)]).toEqual([cell, Number.NaN]);
    }
  });

  it('round-trips every finite double written by String()', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (value) => {
        const expected = value === 0 ? 0 : value;
        expect(parseNumberCell(String(value), false)).toBe(expected);
        expect(parseNumberCell(String(value), true)).toBe(expected);
      }),
      { seed: SEED, numRuns: 1000 },
    );
  });

  it('reads every plain decimal as Number() does, to the bit, at any digit count and point', () => {
    const decimal = fc
      .tuple(fc.constantFrom('', '-', '+'), fc.stringMatching(/^[0-9]{1,20}$/), fc.nat(), fc.boolean())
      .map(([sign, digits, at, point]) => {
        const cut = 1 + (at % digits.length);
        return point && cut < digits.length
          ? `${sign}${digits.slice(0, cut)}.${digits.slice(cut)}`
          : sign + digits;
      });
    fc.assert(
      fc.property(decimal, (text) => {
        expect(Object.is(parseNumberCell(text, false), Number(text))).toBe(true);
        expect(Object.is(parseNumberCell(text.replace('.', ','), true), Number(text))).toBe(true);
      }),
      { seed: SEED, numRuns: 3000 },
    );
  });

  it('reads a decimal written with a comma as the same number', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e9, max: 1e9 }),
        fc.integer({ min: 0, max: 99999 }),
        (whole, fraction) => {
          const text = `${whole}.${fraction}`;
          expect(parseNumberCell(text.replace('.', ','), true)).toBe(Number(text));
        },
      ),
      { seed: SEED, numRuns: 500 },
    );
  });
});

describe('sample helpers', () => {
  it('tell decimal commas from decimal points', () => {
    expect(['12,5', '1.234,5', '12.5', '12'].map(hasDecimalComma)).toEqual([true, true, false, false]);
    expect(['12.5', '.5', '12,5', '12'].map(hasDecimalPoint)).toEqual([true, true, false, false]);
    expect(['12,5', '12.5', '$3', 'x', ''].map(looksNumeric)).toEqual([true, true, true, false, false]);
  });
});
