/**
 * Argument checks for every engine method. The message channel is untyped, so requests are checked
 * once here, at the edge; handlers then trust their arguments.
 */

import { ALERT_CONDITIONS } from './alerts/alert-types';
import { parseInterval } from './bars/interval';
import type { CsvMapping } from './csv-import/types';
import type {
  AlertSpec,
  BarsCsvRequest,
  BarsRequest,
  CsvImportRequest,
  EngineArgs,
  EngineMethod,
  HistogramRequest,
  LineRequest,
  LiveBar,
  LiveSubscribeRequest,
  ScatterRequest,
  XyWindow,
} from './protocol';

type Fields = Record<string, unknown>;

const isRecord = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isFiniteNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);
const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';
const optional = (value: unknown, check: (value: unknown) => boolean): boolean =>
  value === undefined || check(value);
const atLeast =
  (min: number) =>
  (value: unknown): boolean =>
    isFiniteNumber(value) && value >= min;

/** A single object argument whose fields pass `check`. */
function one<T>(check: (fields: Fields) => boolean) {
  return (args: unknown[]): args is [T] => args.length === 1 && isRecord(args[0]) && check(args[0]);
}

const noArgs = (args: unknown[]): args is [] => args.length === 0;

const COLUMN_ROLES = new Set(['time', 'timeOfDay', 'open', 'high', 'low', 'close', 'volume', 'value']);

/** A mapping from the import dialog or from storage: known fields of the right types only. */
export function isCsvMapping(value: unknown): value is CsvMapping {
  if (!isRecord(value)) return false;
  const { delimiter, hasHeader, columns, dateOrder } = value;
  return (
    optional(delimiter, (v) => typeof v === 'string' && v.length === 1) &&
    optional(hasHeader, isBoolean) &&
    optional(dateOrder, (v) => v === 'day-first' || v === 'month-first') &&
    optional(
      columns,
      (v) =>
        isRecord(v) &&
        Number.isInteger(v.time) &&
        Object.entries(v).every(
          ([role, index]) =>
            COLUMN_ROLES.has(role) &&
            (index === undefined || (Number.isInteger(index) && (index as number) >= 0)),
        ),
    )
  );
}

const oneId = (args: unknown[]): args is [string] =>
  args.length === 1 && typeof args[0] === 'string' && args[0] !== '';

const isBlob = (value: unknown): value is Blob => typeof Blob !== 'undefined' && value instanceof Blob;

const timeWindow = (r: Fields): boolean =>
  typeof r.symbol === 'string' && optional(r.from, isFiniteNumber) && optional(r.to, isFiniteNumber);

const isXyWindow = (value: unknown): value is XyWindow =>
  isRecord(value) &&
  isFiniteNumber(value.xMin) &&
  isFiniteNumber(value.xMax) &&
  isFiniteNumber(value.yMin) &&
  isFiniteNumber(value.yMax);

const isLiveBar = (value: unknown): value is LiveBar =>
  isRecord(value) &&
  ['time', 'open', 'high', 'low', 'close', 'volume'].every((key) => isFiniteNumber(value[key])) &&
  (value.high as number) >= (value.low as number);

const isBound = (value: unknown): boolean => value === null || isFiniteNumber(value);

const isAlertLine = (value: unknown): boolean =>
  isRecord(value) &&
  (value.kind === 'level'
    ? isFiniteNumber(value.price)
    : value.kind === 'sloped' &&
      ['t1', 'p1', 't2', 'p2'].every((key) => isFiniteNumber(value[key])) &&
      isBound(value.since) &&
      isBound(value.until));

const isAlertShape = (value: unknown): boolean =>
  isRecord(value) &&
  (value.kind === 'line'
    ? isAlertLine(value.line)
    : value.kind === 'band' && isAlertLine(value.lower) && isAlertLine(value.upper));

const isIntervalText = (value: unknown): boolean =>
  typeof value === 'string' && parseInterval(value) !== null;

const isAlertBars = (value: unknown): boolean =>
  isRecord(value) &&
  (value.interval === null || isIntervalText(value.interval)) &&
  typeof value.sessionOnly === 'boolean';

/** A price alert as the main thread resolves it (core/alerts/alert-types.ts). */
export const isAlertSpec = (value: unknown): boolean =>
  isRecord(value) &&
  typeof value.id === 'string' &&
  value.id !== '' &&
  typeof value.symbol === 'string' &&
  (ALERT_CONDITIONS as readonly unknown[]).includes(value.condition) &&
  isAlertShape(value.shape) &&
  isAlertBars(value.bars) &&
  isBound(value.expiresAt) &&
  isFiniteNumber(value.armedAt);

function isBarsRequest(r: Fields): boolean {
  return (
    timeWindow(r) &&
    atLeast(1)(r.maxBars) &&
    optional(r.lead, atLeast(0)) &&
    optional(r.interval, isIntervalText) &&
    optional(r.sessionOnly, isBoolean)
  );
}

export const ARGUMENT_CHECKS: { [M in EngineMethod]: (args: unknown[]) => args is EngineArgs<M> } = {
  listSymbols: noArgs,
  getQuotes: (args): args is [string[]] =>
    args.length === 1 && Array.isArray(args[0]) && args[0].every((symbol) => typeof symbol === 'string'),
  watchQuotes: (args): args is [string, string[]] =>
    args.length === 2 &&
    typeof args[0] === 'string' &&
    args[0] !== '' &&
    Array.isArray(args[1]) &&
    args[1].every((symbol) => typeof symbol === 'string'),
  getBars: one<BarsRequest>(isBarsRequest),
  exportBarsCsv: one<BarsCsvRequest>(
    (r) => isBarsRequest(r) && typeof r.zone === 'string' && r.zone !== '' && isBoolean(r.intraday),
  ),
  getLine: one<LineRequest>((r) => timeWindow(r) && atLeast(1)(r.width)),
  listDatasets: noArgs,
  getScatter: one<ScatterRequest>(
    (r) =>
      typeof r.dataset === 'string' &&
      optional(r.window, isXyWindow) &&
      optional(r.maxItems, atLeast(5)) &&
      optional(r.pixels, (p) => isRecord(p) && atLeast(1)(p.width) && atLeast(1)(p.height)),
  ),
  getHistogram: one<HistogramRequest>(
    (r) =>
      typeof r.dataset === 'string' &&
      optional(r.field, (f) => f === 'x' || f === 'y' || f === 'size') &&
      optional(r.bins, atLeast(1)),
  ),
  subscribeLive: one<LiveSubscribeRequest>(
    (r) =>
      typeof r.symbol === 'string' &&
      optional(r.ticksPerSecond, (v) => isFiniteNumber(v) && v > 0) &&
      optional(r.ticksPerBar, atLeast(1)) &&
      optional(r.subscriptionId, (v) => typeof v === 'string' && v !== '') &&
      optional(r.resumeFrom, isLiveBar) &&
      optional(r.interval, isIntervalText) &&
      optional(r.sessionOnly, isBoolean),
  ),
  unsubscribeLive: (args): args is [string] => args.length === 1 && typeof args[0] === 'string',
  setLiveFeedPaused: (args): args is [boolean] => args.length === 1 && typeof args[0] === 'boolean',
  getFeedStatus: noArgs,
  reconnectFeed: oneId,
  clearFeedNotices: noArgs,
  setAlerts: (args): args is [AlertSpec[]] =>
    args.length === 1 && Array.isArray(args[0]) && args[0].every(isAlertSpec),
  importCsv: one<CsvImportRequest>(
    (r) =>
      typeof r.importId === 'string' &&
      r.importId !== '' &&
      isBlob(r.file) &&
      typeof r.fileName === 'string' &&
      optional(r.mapping, isCsvMapping) &&
      optional(r.remembered, (v) => isRecord(v) && Object.values(v).every(isCsvMapping)),
  ),
  commitCsvImport: (args): args is [string] | [string, string] =>
    (args.length === 1 || (args.length === 2 && typeof args[1] === 'string')) &&
    typeof args[0] === 'string' &&
    args[0] !== '',
  cancelCsvImport: oneId,
  removeImportedSymbol: oneId,
  loadEarlier: (args): args is [string, (string | null)?, number?] =>
    oneId(args.slice(0, 1)) &&
    args.length <= 3 &&
    (args.length < 2 || args[1] === null || isIntervalText(args[1])) &&
    (args.length < 3 || atLeast(0)(args[2])),
  ping: noArgs,
  crash: noArgs,
  hang: noArgs,
};
