import type { Quote } from './quotes';

export type { Quote } from './quotes';

/** One series the engine can serve. `first`/`last` are UTC seconds; `count` is the number of points. */
export interface SymbolInfo {
  symbol: string;
  name: string;
  kind: 'bars' | 'line';
  first: number;
  last: number;
  count: number;
}

/** A pane's request for bars: a time window at the resolution the pane can show. */
export interface BarsRequest {
  symbol: string;
  /** Window in UTC seconds (inclusive); omitted means from the first / to the last bar. */
  from?: number;
  to?: number;
  /**
   * The most bars the caller wants (about two per pixel column, capped by what lightweight-charts draws
   * fast). The engine answers from the finest precomputed level whose window fits.
   */
  maxBars: number;
}

/** Columnar bars, transferred (never cloned). Line series come back with open = high = low = close. */
export interface BarsResult {
  symbol: string;
  /** 0 is the native resolution; level k merges 2^k native bars (or the level's own factor). */
  level: number;
  /** Native bars merged into one returned bar at this level. */
  factor: number;
  time: Float64Array;
  open: Float64Array;
  high: Float64Array;
  low: Float64Array;
  close: Float64Array;
  volume: Float64Array;
  /** Extent of the whole series, so the view knows what lies outside the window. */
  first: number;
  last: number;
  nativeCount: number;
}

/**
 * Everything the main thread may ask the data engine. Both sides are typed from this map; the worker
 * answers every request with an `EngineResponse`.
 */
export interface EngineApi {
  listSymbols(): SymbolInfo[];
  getQuotes(symbols: string[]): Quote[];
  getBars(request: BarsRequest): BarsResult;
  ping(): 'pong';
  /** Test hook: the request is answered with an error, then the worker throws in its global scope. */
  crash(): never;
}

export type EngineMethod = keyof EngineApi;
export type EngineArgs<M extends EngineMethod> = Parameters<EngineApi[M]>;
export type EngineResult<M extends EngineMethod> = Awaited<ReturnType<EngineApi[M]>>;

// A record, so adding a method to EngineApi without listing it here is a type error.
const METHOD_SET: Record<EngineMethod, true> = {
  listSymbols: true,
  getQuotes: true,
  getBars: true,
  ping: true,
  crash: true,
};

export const ENGINE_METHODS = Object.keys(METHOD_SET) as EngineMethod[];

export interface EngineRequest {
  id: number;
  method: EngineMethod;
  args: unknown[];
}

export type EngineResponse =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: { message: string } };

export function isEngineMethod(value: unknown): value is EngineMethod {
  return typeof value === 'string' && Object.hasOwn(METHOD_SET, value);
}

/** Shape check for a response arriving on the main thread (the worker is trusted, the channel is not typed). */
export function isEngineResponse(value: unknown): value is EngineResponse {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<Record<'id' | 'ok' | 'error', unknown>>;
  if (typeof candidate.id !== 'number' || typeof candidate.ok !== 'boolean') return false;
  if (candidate.ok) return true;
  const error = candidate.error as { message?: unknown } | null | undefined;
  return typeof error === 'object' && error !== null && typeof error.message === 'string';
}

/** The message of anything thrown, for an error response. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return typeof error === 'string' ? error : 'Unknown error';
}

/**
 * The buffers of every typed array in `value`, for `postMessage`'s transfer list. Transferring detaches
 * them on the sending side, so handlers must return arrays they do not keep (copies or fresh ones).
 */
export function collectTransferables(value: unknown): ArrayBuffer[] {
  const buffers = new Set<ArrayBuffer>();
  const seen = new Set<object>();
  const visit = (item: unknown): void => {
    if (typeof item !== 'object' || item === null || seen.has(item)) return;
    seen.add(item);
    if (ArrayBuffer.isView(item)) {
      if (item.buffer instanceof ArrayBuffer) buffers.add(item.buffer);
      return;
    }
    if (item instanceof ArrayBuffer) {
      buffers.add(item);
      return;
    }
    for (const child of Array.isArray(item) ? item : Object.values(item)) visit(child);
  };
  visit(value);
  return [...buffers];
}
