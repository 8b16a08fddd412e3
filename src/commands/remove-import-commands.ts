/**
 * `Remove imported symbol`: opens the dialog that deletes imported series from this browser. Only
 * offered while there are imported symbols. Removing is data, not a workspace edit, so it never
 * enters the undo history (src/app/remove-import-dialog.tsx says so to the user).
 */
import { symbolCatalog } from '../data/symbol-catalog';
import { openDialog } from '../session/ui-store';
import type { Availability, Command } from './command';

export const NO_IMPORTED_SYMBOLS = 'No imported symbols: Import CSV adds one';

export function removeImportAvailability(): Availability {
  const { symbols } = symbolCatalog.getState();
  // Not known yet (the engine has not answered): the dialog fetches the list itself.
  if (symbols === null) return true;
  return symbols.some((s) => s.imported === true) ? true : NO_IMPORTED_SYMBOLS;
}

export function removeImportCommands(): Command[] {
  return [
    {
      id: 'remove-imported-symbol',
      label: 'Remove imported symbol',
      group: 'Data',
      when: removeImportAvailability,
      perform: () => openDialog('remove-imported-symbol'),
    },
  ];
}
