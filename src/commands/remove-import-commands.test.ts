import { beforeEach, describe, expect, it } from 'vitest';
import type { SymbolInfo } from '../../workers/protocol';
import { symbolCatalog } from '../data/symbol-catalog';
import { uiStore } from '../session/ui-store';
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

beforeEach(() => {
  symbolCatalog.setState({ symbols: null, dataVersion: {} }, true);
  uiStore.setState({ dialog: null });
});

describe('Remove imported symbol', () => {
  it('is available only while imported symbols exist (or the list is not known yet)', () => {
    expect(removeImportAvailability()).toBe(true);
    symbolCatalog.setState({ symbols: [info('SPX')] });
    expect(removeImportAvailability()).toBe(NO_IMPORTED_SYMBOLS);
    symbolCatalog.setState({ symbols: [info('SPX'), info('ACME', true)] });
    expect(removeImportAvailability()).toBe(true);
  });

  it('opens its dialog and edits nothing', () => {
    const [command] = removeImportCommands();
    if (!command) throw new Error('no command');
    expect(command).toMatchObject({ id: 'remove-imported-symbol', label: 'Remove imported symbol' });
    const outcome = command.perform({ paneId: null } as CommandContext, {});
    expect(uiStore.getState().dialog).toBe('remove-imported-symbol');
    expect(outcome).toBeUndefined();
  });
});
