import { openDialog } from '../session/session-actions';
import type { Command } from './command';

export function helpCommands(): Command[] {
  return [
    {
      id: 'open-command-palette',
      label: 'Open command palette',
      group: 'Help',
      keys: ['$mod+k'],
      perform: (ctx) => openDialog(ctx.session, 'palette'),
    },
    {
      id: 'show-keyboard-shortcuts',
      label: 'Show keyboard shortcuts',
      group: 'Help',
      keys: ['$mod+/'],
      perform: (ctx) => openDialog(ctx.session, 'shortcuts'),
    },
  ];
}
