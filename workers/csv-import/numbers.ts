/**
 * Reads a numeric cell of an imported CSV. Stricter than `Number()`: an empty or blank cell, `NaN`,
 * `Infinity`, hex/octal/binary literals and anything else that is not a finite decimal number give
 * NaN (reported as not-a-number). Accepted besides plain decimals: exponents, a leading currency sign
 * (`$272.99` in Nasdaq exports), thousands separators, a decimal comma when the column uses one, and
 * a magnitude suffix (`3.72B`, `845.1K` in Investing.com's volume column).
 */

const THOUSANDS_WITH_POINT = /^[+-]?\d{1,3}(,\d{3})+(\.\d+)?$/;
const THOUSANDS_WITH_COMMA = /^[+-]?\d{1,3}(\.\d{3})+(,\d+)?$/;
const DECIMAL_COMMA = /^[+-]?\d+,\d+$/;
const CURRENCY = /^([+-]?)[$€£¥]\s*/;
/** A number and a thousand, million or billion suffix. */
const MAGNITUDE = /^(.*\d)\s*([KMB])$/i;
const MAGNITUDES: Readonly<Record<string, number>> = { k: 3, m: 6, b: 9 };

const isDigit = (c: number): boolean => c >= 48 && c <= 57;

/** Powers of ten a mantissa of at most 15 digits is divided by, each exact as a double. */
const POW10 = Array.from({ length: 16 }, (_, k) => 10 ** k);

/**
 * A plain decimal (`-123.45`, `7`; a decimal comma in a decimal-comma column) read from its digits:
 * NaN when the cell is anything else or has more than 15 digits. The mantissa (below 2^53) and the
 * power of ten are exact doubles and their quotient is rounded once, so the result is the double
 * `Number()` gives; reading the digits costs a fraction of a general string-to-number conversion.
 */
function parsePlainDecimal(cell: string, decimalComma: boolean): number {
  const n = cell.length;
  let i = 0;
  let c = cell.charCodeAt(0);
  const negative = c === 45;
  if (negative || c === 43) c = cell.charCodeAt(++i);
  if (!isDigit(c)) return Number.NaN;
  let mantissa = 0;
  let digits = 0;
  let fraction = -1;
  for (; i < n; i++) {
    c = cell.charCodeAt(i);
    if (isDigit(c)) {
      mantissa = mantissa * 10 + (c - 48);
      digits++;
      if (fraction >= 0) fraction++;
    } else if (fraction < 0 && (c === 46 || (c === 44 && decimalComma)) && isDigit(cell.charCodeAt(i + 1))) {
      fraction = 0;
    } else {
      return Number.NaN;
    }
  }
  if (digits > 15) return Number.NaN;
  const value = fraction > 0 ? mantissa / (POW10[fraction] as number) : mantissa;
  return negative ? -value : value;
}

export function parseNumberCell(cell: string, decimalComma: boolean): number {
  const plain = parsePlainDecimal(cell, decimalComma);
  if (!Number.isNaN(plain)) return plain;
  const c = cell.charCodeAt(0);
  // Fast paths: a cell starting with a digit, sign or point that Number() reads as finite, after
  // turning a single decimal comma between digits into a point in a decimal-comma column.
  if (isDigit(c) || c === 45 || c === 46 || c === 43) {
    let text = cell;
    if (decimalComma) {
      const comma = cell.indexOf(',');
      if (
        comma !== -1 &&
        cell.indexOf(',', comma + 1) === -1 &&
        !cell.includes('.') &&
        isDigit(cell.charCodeAt(comma - 1)) &&
        isDigit(cell.charCodeAt(comma + 1))
      ) {
        text = `${cell.slice(0, comma)}.${cell.slice(comma + 1)}`;
      }
    }
    const value = +text;
    if (value - value === 0) return isRadixLiteral(text) ? Number.NaN : value;
  }
  return parseNumberSlow(cell, decimalComma);
}

/** `0x1F`, `0o17`, `0b11`: Number() reads them, a price column must not. */
function isRadixLiteral(cell: string): boolean {
  const trimmed = cell.trimStart();
  if (trimmed.length < 3) return false;
  const at = trimmed.charCodeAt(0) === 43 || trimmed.charCodeAt(0) === 45 ? 1 : 0;
  if (trimmed.charCodeAt(at) !== 48) return false;
  const letter = trimmed.charCodeAt(at + 1) | 32;
  return letter === 120 || letter === 111 || letter === 98;
}

function parseNumberSlow(cell: string, decimalComma: boolean): number {
  let text = cell.trim().replace(CURRENCY, '$1');
  if (text === '') return Number.NaN;
  const magnitude = MAGNITUDE.exec(text);
  if (magnitude) {
    const [, digits = '', suffix = ''] = magnitude;
    const value = parseNumberSlow(digits, decimalComma);
    const power = MAGNITUDES[suffix.toLowerCase()] as number;
    // Scaled in decimal (`3.72e9`), not by multiplying: 3.72 * 1e9 is 3720000000.0000005.
    const scaled = String(value).includes('e') ? value * 10 ** power : +`${value}e${power}`;
    return scaled - scaled === 0 ? scaled : Number.NaN;
  }
  if (decimalComma) {
    if (THOUSANDS_WITH_COMMA.test(text)) text = text.replaceAll('.', '').replace(',', '.');
    else if (DECIMAL_COMMA.test(text)) text = text.replace(',', '.');
  } else if (THOUSANDS_WITH_POINT.test(text)) {
    text = text.replaceAll(',', '');
  }
  const c = text.charCodeAt(0);
  if (!(isDigit(c) || c === 45 || c === 46 || c === 43)) return Number.NaN;
  const value = +text;
  return value - value === 0 && !isRadixLiteral(text) ? value : Number.NaN;
}

/** True when the cell is a number read either way (with a decimal point or a decimal comma). */
export const looksNumeric = (cell: string): boolean =>
  !Number.isNaN(parseNumberCell(cell, false)) || !Number.isNaN(parseNumberCell(cell, true));

/** True when the cell can only be a number with a decimal comma (`12,5`, `1.234,5`). */
export const hasDecimalComma = (cell: string): boolean => {
  const text = cell.trim();
  return DECIMAL_COMMA.test(text) || (THOUSANDS_WITH_COMMA.test(text) && text.includes(','));
};

/** True when the cell is a decimal with a point and no comma (`12.5`). */
export const hasDecimalPoint = (cell: string): boolean => /^[+-]?\d*\.\d+$/.test(cell.trim());
