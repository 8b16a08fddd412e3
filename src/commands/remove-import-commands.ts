/**
 * `Remove imported symbol`: opens the dialog that deletes imported series from this browser. Only
 * offered while there are imported symbols. Removing is data, not a workspace edit, so it never
 * enters the undo history (src/app/remove-import-dialog.tsx says so to the user).
 */
import { openDialog } from '../session/session-actions';
import type { Availability, Command, CommandContext } from './command';

export const NO_IMPORTED_SYMBOLS = 'No imported symbols: Import CSV adds one';

export function removeImportAvailability(ctx: CommandContext): Availability {
  const { symbols } = ctx.session.getState().catalog;
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
      perform: (ctx) => openDialog(ctx.session, 'remove-imported-symbol'),
    },
  ];
}
