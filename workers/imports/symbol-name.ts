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
    .replace(/^[-.]+/, '')
    .slice(0, MAX_LENGTH)
    .replace(/[-.]+$/, '');
  return cleaned || FALLBACK;
}

/** A symbol for `fileName` that `isTaken` does not report: the base name, else `BASE-2`, `BASE-3`... */
export function importedSymbolName(fileName: string, isTaken: (symbol: string) => boolean): string {
  const base = baseSymbol(fileName);
  if (!isTaken(base)) return base;
  for (let n = 2; n < MAX_SUFFIX; n++) {
    const suffix = `-${n}`;
    const candidate = `${base.slice(0, MAX_LENGTH - suffix.length).replace(/[-.]+$/, '')}${suffix}`;
    if (!isTaken(candidate)) return candidate;
  }
  throw new Error(`No free symbol name for ${fileName}`);
}
