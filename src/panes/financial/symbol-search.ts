/**
 * What the symbol search (letters typed on a focused chart, `Change symbol…`) offers for a text: every
 * symbol the engine serves whose ticker is the text, then those whose ticker starts with it (shorter
 * tickers first), then those with a word of their name starting with it. Pure, so it is unit-tested.
 */
import type { SymbolInfo } from '../../../core/protocol';

/** A name's words: `S&P 500` is `S`, `P`, `500`; `BTCUSDT · Binance` is `BTCUSDT`, `Binance`. */
function nameWords(name: string): string[] {
  return name
    .toUpperCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** 0: the ticker itself, 1: a ticker prefix, 2: a name word's prefix; null: no match. */
function matchRank(info: SymbolInfo, query: string): number | null {
  const ticker = info.symbol.toUpperCase();
  if (ticker === query) return 0;
  if (ticker.startsWith(query)) return 1;
  return nameWords(info.name).some((word) => word.startsWith(query)) ? 2 : null;
}

/** The symbols matching `text`, best first (all of them, in their order, for an empty text). */
export function rankSymbols(symbols: readonly SymbolInfo[], text: string): SymbolInfo[] {
  const query = text.trim().toUpperCase();
  if (query === '') return [...symbols];
  return symbols
    .map((info, order) => ({ info, order, rank: matchRank(info, query) }))
    .filter((m): m is { info: SymbolInfo; order: number; rank: number } => m.rank !== null)
    .sort(
      (a, b) =>
        a.rank - b.rank ||
        (a.rank === 1 ? a.info.symbol.length - b.info.symbol.length : 0) ||
        a.order - b.order,
    )
    .map((m) => m.info);
}
