import { useEffect, useState } from 'react';
import type { Quote } from '../../workers/protocol';
import { errorMessage } from '../../workers/protocol';
import { getEngineClient } from './engine-client';

export type QuotesState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; quotes: Quote[] };

const LOADING: QuotesState = { status: 'loading' };
// Joins the symbols into one string so a new array with the same symbols does not refetch.
const SEPARATOR = '\u001f';

/** Quotes for `symbols` from the data engine, in the same order. Refetches only when the list changes. */
export function useQuotes(symbols: readonly string[]): QuotesState {
  const key = symbols.join(SEPARATOR);
  const [result, setResult] = useState<{ key: string; state: QuotesState } | null>(null);

  useEffect(() => {
    let cancelled = false;
    const requested = key === '' ? [] : key.split(SEPARATOR);
    getEngineClient()
      .call('getQuotes', requested)
      .then(
        (quotes) => {
          if (!cancelled) setResult({ key, state: { status: 'ready', quotes } });
        },
        (error: unknown) => {
          if (!cancelled) setResult({ key, state: { status: 'error', message: errorMessage(error) } });
        },
      );
    return () => {
      cancelled = true;
    };
  }, [key]);

  // A result for an earlier symbol list is stale: report loading until this list's answer arrives.
  return result?.key === key ? result.state : LOADING;
}
