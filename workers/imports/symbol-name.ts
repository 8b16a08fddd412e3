/**
 * The symbol an imported file is charted under: its name without the extension, upper-cased, in the
 * characters a ticker uses (`my prices (2).csv` -> `MY-PRICES-2`). A name already in use gets a
 * number (`SPX.csv` -> `SPX-2`), so an import never replaces a series the user has.
 */

const MAX_LENGTH = 20;
const FALLBACK = 'IMPORT';
/** Collisions are numbered up to this; beyond it something is wrong with `isTaken`. */
const MAX_SUFFIX = 100_000;

/** The file name reduced to a ticker-like symbol, before any collision suffix. */
export function baseSymbol(fileName: string): string {
  const leaf = fileName.split(/[\\/]/).pop() ?? '';
  const dot = leaf.lastIndexOf('.');
  const stem = dot > 0 ? leaf.slice(0, dot) : leaf;
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
