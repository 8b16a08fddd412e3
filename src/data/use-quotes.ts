import { useEffect, useId, useState } from 'react';
import type { Quote } from '../../core/protocol';
import { errorMessage } from '../../core/protocol';
import { getEngineClient } from './engine-client';

export type QuotesState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; quotes: Quote[] };

const LOADING: QuotesState = { status: 'loading' };
// Joins the symbols into one string so a new array with the same symbols does not refetch.
const SEPARATOR = '\u001f';

/**
 * Quotes for `symbols` from the data engine, in the same order, kept live: the engine follows the
 * feeds of the live ones and sends their quotes again as they move (a few times a second at most).
 * Asks again only when the list changes, and after the engine was restarted.
 */
export function useQuotes(symbols: readonly string[]): QuotesState {
  const key = symbols.join(SEPARATOR);
  const watchId = `quotes${useId()}`;
  const [result, setResult] = useState<{ key: string; state: QuotesState } | null>(null);

  useEffect(() => {
    let cancelled = false;
    const requested = key === '' ? [] : key.split(SEPARATOR);
    const client = getEngineClient();
    const watch = () =>
      client.call('watchQuotes', watchId, requested).then(
        (quotes) => {
          if (!cancelled) setResult({ key, state: { status: 'ready', quotes } });
        },
        (error: unknown) => {
          if (!cancelled) setResult({ key, state: { status: 'error', message: errorMessage(error) } });
        },
      );
    void watch();
    const stops = [
      client.onEvent('quotes', (event) => {
        if (cancelled || event.watchId !== watchId) return;
        const moved = new Map(event.quotes.map((q) => [q.symbol, q]));
        setResult((previous) =>
          previous?.key === key && previous.state.status === 'ready'
            ? {
                key,
                state: {
                  status: 'ready',
                  quotes: previous.state.quotes.map((q) => moved.get(q.symbol) ?? q),
                },
              }
            : previous,
        );
      }),
      // A new engine knows no watchlist: this one asks again.
      client.onRestart(() => void watch()),
    ];
    return () => {
      cancelled = true;
      for (const stop of stops) stop();
      void client.call('watchQuotes', watchId, []).catch(() => undefined);
    };
  }, [key, watchId]);

  // A result for an earlier symbol list is stale: report loading until this list's answer arrives.
  return result?.key === key ? result.state : LOADING;
}
