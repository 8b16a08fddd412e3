/**
 * The symbol search: letters typed on a focused chart (or `Change symbol…`) open it with what was
 * typed; it offers every symbol the engine serves (shipped, simulated, imported, each feed's), ranked
 * by `rankSymbols`. Arrows and Enter chart the one chosen, Shift+Enter compares it, Escape cancels.
 */
import { Command as Cmdk } from 'cmdk';
import { useEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { SymbolInfo } from '../../../core/protocol';
import { useWorkstation } from '../../commands/use-workstation';
import { useSymbols } from '../../data/use-symbols';
import { useSession } from '../../session/session-context';
import { ModalDialog } from '../../ui/modal-dialog';
import { rankSymbols } from './symbol-search';
import './symbol-search.css';

/** Where a symbol's data comes from, in a word or two. */
function sourceText(info: SymbolInfo): string {
  if (info.feed !== undefined) return 'live feed';
  if (info.imported) return 'imported';
  if (info.synthetic) return 'simulated';
  return 'history';
}

/** The name beside the ticker: a feed symbol's is `BTCUSDT · Binance`, of which the feed's name is new. */
function nameText(info: SymbolInfo): string {
  const prefix = `${info.symbol} · `;
  return info.name.startsWith(prefix) ? info.name.slice(prefix.length) : info.name;
}

export function SymbolSearchDialog({ onClose }: { onClose(): void }) {
  const { run } = useWorkstation();
  const search = useSession((s) => s.symbolSearch);
  // Asked afresh: imports from another tab and a feed's symbols are in it.
  const symbols = useSymbols({ fresh: true });
  const [text, setText] = useState(search?.typed ?? '');
  const shown = useMemo(() => rankSymbols(symbols, text), [symbols, text]);
  const [active, setActive] = useState('');
  const input = useRef<HTMLInputElement>(null);
  // The best match is the one Enter takes, whatever was active for the text before. The list asked
  // afresh may come after the arrows chose another match for this text: that choice stays.
  const activeFor = useRef<string | null>(null);
  useEffect(() => {
    const sameText = activeFor.current === text;
    activeFor.current = text;
    setActive((current) =>
      sameText && shown.some((info) => info.symbol === current) ? current : (shown[0]?.symbol ?? ''),
    );
  }, [shown, text]);
  // The caret goes after the letter that opened the box.
  useEffect(() => {
    const end = input.current?.value.length ?? 0;
    input.current?.setSelectionRange(end, end);
  }, []);
  if (!search) return null;
  const pick = (symbol: string, compare: boolean) => {
    // Closed first, at once: focus is back on the chart, whose pane the commands act on.
    flushSync(onClose);
    if (compare) run('add-compared-symbol', { symbol });
    else run('set-pane-symbol', { paneId: search.paneId, symbol });
  };
  return (
    <ModalDialog label="Symbol search" onClose={onClose} className="palette symbol-search">
      <Cmdk
        label="Symbol search"
        loop
        shouldFilter={false}
        value={active}
        onValueChange={setActive}
        onKeyDown={(event) => {
          // Shift+Enter compares the active symbol (cmdk's own Enter charts it).
          if (event.key !== 'Enter' || !event.shiftKey || active === '') return;
          event.preventDefault();
          pick(active, true);
        }}
      >
        <Cmdk.Input
          ref={input}
          aria-label="Symbol"
          placeholder="Type a symbol or a name…"
          value={text}
          onValueChange={(value) => setText(value.toUpperCase())}
          aria-describedby="symbol-search-help"
        />
        <Cmdk.List>
          <Cmdk.Empty>{`No symbol matches “${text.trim()}”`}</Cmdk.Empty>
          {shown.map((info) => (
            <Cmdk.Item key={info.symbol} value={info.symbol} onSelect={() => pick(info.symbol, false)}>
              <span className="symbol-search-ticker">{info.symbol}</span>
              <span className="symbol-search-name">{nameText(info)}</span>
              <span className="symbol-search-source">{sourceText(info)}</span>
            </Cmdk.Item>
          ))}
        </Cmdk.List>
      </Cmdk>
      <p id="symbol-search-help" className="symbol-search-help">
        Enter charts it · Shift+Enter compares it · Escape cancels
      </p>
    </ModalDialog>
  );
}
