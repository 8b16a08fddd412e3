import { beforeEach, describe, expect, it } from 'vitest';
import type { SymbolInfo } from '../../core/protocol';
import { createSessionStore, patchSession, type SessionStore } from '../session/session-store';
import type { CommandContext } from './command';
import {
  NO_IMPORTED_SYMBOLS,
  removeImportAvailability,
  removeImportCommands,
} from './remove-import-commands';

const info = (symbol: string, imported = false): SymbolInfo => ({
  symbol,
  name: symbol,
  kind: 'line',
  first: 0,
  last: 1,
  count: 2,
  ...(imported ? { imported: true } : {}),
});

let session: SessionStore;
let ctx: CommandContext;
beforeEach(() => {
  session = createSessionStore();
  ctx = { paneId: null, session } as CommandContext;
});

describe('Remove imported symbol', () => {
  it('is available only while imported symbols exist (or the list is not known yet)', () => {
    expect(removeImportAvailability(ctx)).toBe(true);
    patchSession(session, 'catalog', { symbols: [info('SPX')] });
    expect(removeImportAvailability(ctx)).toBe(NO_IMPORTED_SYMBOLS);
    patchSession(session, 'catalog', { symbols: [info('SPX'), info('ACME', true)] });
    expect(removeImportAvailability(ctx)).toBe(true);
  });

  it('opens its dialog and edits nothing', () => {
    const [command] = removeImportCommands();
    if (!command) throw new Error('no command');
    expect(command).toMatchObject({ id: 'remove-imported-symbol', label: 'Remove imported symbol' });
    const outcome = command.perform(ctx, {});
    expect(session.getState().dialog).toBe('remove-imported-symbol');
    expect(outcome).toBeUndefined();
  });
});
