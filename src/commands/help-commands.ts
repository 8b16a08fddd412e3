import { openDialog } from '../session/ui-store';
import type { Command } from './command';

export function helpCommands(): Command[] {
  return [
    {
      id: 'open-command-palette',
      label: 'Open command palette',
      group: 'Help',
      keys: ['$mod+k'],
      perform: () => openDialog('palette'),
    },
    {
      id: 'show-keyboard-shortcuts',
      label: 'Show keyboard shortcuts',
      group: 'Help',
      keys: ['$mod+/'],
      perform: () => openDialog('shortcuts'),
    },
  ];
}
