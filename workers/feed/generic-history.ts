/**
 * Our generic protocol's history (docs/feed-protocol.md): `GET <history>/v1/history?symbol=ABC&
 * interval=1m&endTime=<ms>&limit=<1..1000>` answers the bars up to `endTime` (inclusive), oldest
 * first, as `[time, open, high, low, close, volume]` rows of JSON numbers (time in UTC ms), and
 * `more`: whether it holds bars before them. Paged by binance-history.ts's one pager.
 */
import type { LiveBar } from '../../core/protocol';
import { checkBar } from './bar-check';
import { endBeforeFirstRow, type HistoryProtocol } from './binance-history';

function readRow(row: unknown, index: number): LiveBar | string {
  if (!Array.isArray(row) || row.length !== 6)
    return `bar ${index} is not [time, open, high, low, close, volume]`;
  if (!row.every((field) => typeof field === 'number' && Number.isFinite(field)))
    return `bar ${index} has a field that is not a number`;
  const [time, open, high, low, close, volume] = row as number[];
  if (!Number.isInteger(time) || (time as number) < 0) return `bar ${index}: a time in ms`;
  const bar = {
    time: (time as number) / 1000,
    open: open as number,
    high: high as number,
    low: low as number,
    close: close as number,
    volume: volume as number,
  };
  const problem = checkBar(bar);
  return problem ? `bar ${index}: ${problem}` : bar;
}

/** An answer's start up to its first bar's time: fields without lists may come before `bars`. */
const FIRST_BAR = /^\s*\{[^[]*?"bars"\s*:\s*\[\s*\[\s*(\d{1,16})\s*,/;

export const GENERIC_HISTORY: HistoryProtocol = {
  name: 'The feed',
  url: (base, symbol, interval, endTime, limit) =>
    `${base.replace(/\/+$/, '')}/v1/history?${new URLSearchParams({
      symbol,
      interval,
      endTime: String(Math.floor(endTime)),
      limit: String(limit),
    })}`,
  read: (json) => {
    const body = json as { bars?: unknown; more?: unknown } | null;
    if (typeof body !== 'object' || body === null || !Array.isArray(body.bars))
      return { ok: false, error: 'the answer has no list of bars' };
    if (typeof body.more !== 'boolean')
      return { ok: false, error: 'the answer does not say if there is more' };
    const bars: LiveBar[] = [];
    for (const [index, row] of body.bars.entries()) {
      const bar = readRow(row, index);
      if (typeof bar === 'string') return { ok: false, error: bar };
      const before = bars[bars.length - 1];
      if (before && bar.time <= before.time)
        return { ok: false, error: `bar ${index}: not after the one before it` };
      bars.push(bar);
    }
    return { ok: true, bars, more: body.more };
  },
  ahead: (text) => (/"more"\s*:\s*true/.test(text) ? endBeforeFirstRow(text, FIRST_BAR) : null),
};
