import { barsInWindow } from './bars-window';
import { type BarSeries, type LineSeries, parseSpxCsv, parseStocksCsv } from './fixtures/parse-fixtures';
import {
  type BarsRequest,
  type EngineArgs,
  type EngineMethod,
  type EngineResponse,
  type EngineResult,
  errorMessage,
  isEngineMethod,
  type SymbolInfo,
} from './protocol';
import { computeQuote, symbolName } from './quotes';

export type FixtureName = 'sp500-2000.csv' | 'stocks.csv';

/** Reads a shipped fixture file as text: `fetch` in the worker, `fs` in unit tests. */
export type LoadText = (name: FixtureName) => Promise<string>;

/** `EngineApi` with every handler async, since the first call waits for the fixtures to load. */
export type EngineHandlers = {
  [M in EngineMethod]: (...args: EngineArgs<M>) => Promise<EngineResult<M>>;
};

export interface EngineOptions {
  /** Called by the `crash` test hook; the worker throws in its global scope from here. */
  scheduleCrash?: () => void;
}

type CatalogEntry = { kind: 'bars'; series: BarSeries } | { kind: 'line'; series: LineSeries };

// Validate at the edge: the message channel is untyped, so every method checks its own arguments.
const ARGUMENT_CHECKS: { [M in EngineMethod]: (args: unknown[]) => args is EngineArgs<M> } = {
  listSymbols: (args): args is [] => args.length === 0,
  getQuotes: (args): args is [string[]] =>
    args.length === 1 && Array.isArray(args[0]) && args[0].every((symbol) => typeof symbol === 'string'),
  getBars: (args): args is [BarsRequest] => {
    const r = args[0] as Partial<BarsRequest> | undefined;
    return (
      args.length === 1 &&
      typeof r === 'object' &&
      r !== null &&
      typeof r.symbol === 'string' &&
      typeof r.maxBars === 'number' &&
      r.maxBars >= 1 &&
      (r.from === undefined || typeof r.from === 'number') &&
      (r.to === undefined || typeof r.to === 'number')
    );
  },
  ping: (args): args is [] => args.length === 0,
  crash: (args): args is [] => args.length === 0,
};

export function createEngine(loadText: LoadText, options: EngineOptions = {}): EngineHandlers {
  const loadCatalog = once(async (): Promise<Map<string, CatalogEntry>> => {
    const [spxText, stocksText] = await Promise.all([loadText('sp500-2000.csv'), loadText('stocks.csv')]);
    const catalog = new Map<string, CatalogEntry>();
    const spx = parseSpxCsv(spxText);
    catalog.set(spx.symbol, { kind: 'bars', series: spx });
    for (const series of parseStocksCsv(stocksText)) catalog.set(series.symbol, { kind: 'line', series });
    return catalog;
  });

  return {
    async listSymbols() {
      const catalog = await loadCatalog();
      return [...catalog.values()].map(symbolInfo);
    },

    async getQuotes(symbols) {
      const catalog = await loadCatalog();
      const unknown = symbols.filter((symbol) => !catalog.has(symbol));
      if (unknown.length > 0) throw new Error(`Unknown symbol(s): ${unknown.join(', ')}`);
      return symbols.map((symbol) => {
        const entry = catalog.get(symbol) as CatalogEntry;
        const closes = entry.kind === 'bars' ? entry.series.close : entry.series.value;
        return computeQuote(symbol, entry.series.time, closes);
      });
    },

    async getBars(request) {
      const catalog = await loadCatalog();
      const entry = catalog.get(request.symbol);
      if (!entry) throw new Error(`Unknown symbol: ${request.symbol}`);
      const s = entry.series;
      const columns =
        entry.kind === 'bars'
          ? {
              time: s.time,
              open: entry.series.open,
              high: entry.series.high,
              low: entry.series.low,
              close: entry.series.close,
              volume: entry.series.volume,
            }
          : {
              time: s.time,
              open: entry.series.value,
              high: entry.series.value,
              low: entry.series.value,
              close: entry.series.value,
              volume: null,
            };
      return barsInWindow(request, columns);
    },

    async ping() {
      return 'pong';
    },

    async crash() {
      options.scheduleCrash?.();
      throw new Error('Data engine crash requested (test hook)');
    },
  };
}

/**
 * Answers one raw message. Never rejects: malformed requests, unknown methods and handler failures all
 * come back as `{ ok: false, error: { message } }` so the caller's promise settles.
 */
export async function dispatchRequest(handlers: EngineHandlers, message: unknown): Promise<EngineResponse> {
  const request = (typeof message === 'object' && message !== null ? message : {}) as Partial<
    Record<'id' | 'method' | 'args', unknown>
  >;
  const id = typeof request.id === 'number' ? request.id : -1;
  try {
    if (typeof request.id !== 'number' || !Array.isArray(request.args)) throw new Error('Malformed request');
    if (!isEngineMethod(request.method)) throw new Error(`Unknown method '${String(request.method)}'`);
    const value = await invoke(handlers, request.method, request.args);
    return { id, ok: true, value };
  } catch (error) {
    return { id, ok: false, error: { message: errorMessage(error) } };
  }
}

function invoke<M extends EngineMethod>(
  handlers: EngineHandlers,
  method: M,
  args: unknown[],
): Promise<EngineResult<M>> {
  const check = ARGUMENT_CHECKS[method] as (args: unknown[]) => args is EngineArgs<M>;
  if (!check(args)) throw new Error(`Invalid arguments for ${method}`);
  const handler = handlers[method] as (...args: EngineArgs<M>) => Promise<EngineResult<M>>;
  return handler(...args);
}

function symbolInfo(entry: CatalogEntry): SymbolInfo {
  const { time, symbol } = entry.series;
  return {
    symbol,
    name: symbolName(symbol),
    kind: entry.kind,
    first: time[0] ?? Number.NaN,
    last: time[time.length - 1] ?? Number.NaN,
    count: time.length,
  };
}

/** Runs `load` on first use and shares its result; a failed load is forgotten so the next call retries. */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    pending ??= load().catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
    return pending;
  };
}
