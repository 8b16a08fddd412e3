/**
 * The symbol an imported file is charted under: its name without the extension, upper-cased, in the
 * characters a ticker uses (`my prices (2).csv` -> `MY-PRICES-2`), a time of day after a date left
 * out (an export's `spx-2026-12-05T02-03-48.csv` -> `SPX-2026-12-05`). A name already in use gets
 * a number (`SPX.csv` -> `SPX-2`), so an import never replaces a series the user has. The user may
 * name it instead (`checkSymbolName`).
 */

/** A name made from a file is kept this short; one the user types may be as long as MAX_SYMBOL_LENGTH. */
const MAX_LENGTH = 20;
export const MAX_SYMBOL_LENGTH = 24;
/** A date, then a time of day to the minute or second (`2026-12-05T02-03-48`, `2026-12-05 0203`). */
const DATE_THEN_TIME = /(\d{4}-\d{2}-\d{2})[T _-]\d{2}[-:.]?\d{2}(?:[-:.]?\d{2}(?:\.\d+)?)?Z?/gi;
const FALLBACK = 'IMPORT';
/** Collisions are numbered up to this; beyond it something is wrong with `isTaken`. */
const MAX_SUFFIX = 100_000;

/** The file name reduced to a ticker-like symbol, before any collision suffix. */
export function baseSymbol(fileName: string): string {
  const leaf = fileName.split(/[\\/]/).pop() ?? '';
  const dot = leaf.lastIndexOf('.');
  const stem = (dot > 0 ? leaf.slice(0, dot) : leaf).replace(DATE_THEN_TIME, '$1');
  const cleaned = stem
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9.]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^[-.]+/, '');
  return shortened(cleaned, MAX_LENGTH) || FALLBACK;
}

/**
 * `text` in at most `max` characters, cut after a whole word where one ends in the second half
 * (`US-500-HISTORICAL-DATA` -> `US-500-HISTORICAL`, not `US-500-HISTORICAL-DA`), without a trailing
 * separator.
 */
function shortened(text: string, max: number): string {
  let cut = text.slice(0, max);
  if (text.length > max && !/[-.]/.test(text.charAt(max))) {
    const end = Math.max(cut.lastIndexOf('-'), cut.lastIndexOf('.'));
    if (end >= max / 2) cut = cut.slice(0, end);
  }
  return cut.replace(/[-.]+$/, '');
}

/**
 * Why a name the user typed cannot be a symbol, or null when it can (as upper-cased and trimmed):
 * letters, digits, `.` and `-`, starting with a letter or digit, at most MAX_SYMBOL_LENGTH long.
 */
export function checkSymbolName(name: string): string | null {
  const symbol = name.trim().toUpperCase();
  if (symbol === '') return 'A symbol needs a name.';
  if (symbol.length > MAX_SYMBOL_LENGTH) return `A symbol has at most ${MAX_SYMBOL_LENGTH} characters.`;
  if (!/^[A-Z0-9][A-Z0-9.-]*$/.test(symbol))
    return 'A symbol is letters, digits, "." and "-", starting with a letter or a digit.';
  return null;
}

/** A symbol for `fileName` that `isTaken` does not report: the base name, else `BASE-2`, `BASE-3`... */
export function importedSymbolName(fileName: string, isTaken: (symbol: string) => boolean): string {
  const base = baseSymbol(fileName);
  if (!isTaken(base)) return base;
  for (let n = 2; n < MAX_SUFFIX; n++) {
    const suffix = `-${n}`;
    const candidate = `${shortened(base, MAX_LENGTH - suffix.length)}${suffix}`;
    if (!isTaken(candidate)) return candidate;
  }
  throw new Error(`No free symbol name for ${fileName}`);
}
