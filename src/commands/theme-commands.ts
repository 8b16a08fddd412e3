import { RECORD } from '../state/history';
import { setTheme } from '../state/workspace-edits';
import { THEMES } from '../themes/themes';
import type { Command } from './command';

/** `Theme: <Name>` for each of the 12 themes; the theme is part of the document, so it is undoable. */
export function themeCommands(): Command[] {
  return THEMES.map((theme) => ({
    id: `theme:${theme.id}`,
    label: `Theme: ${theme.name}`,
    group: 'Theme',
    when: (ctx) =>
      ctx.workspace.getDocument().theme === theme.id ? `${theme.name} is the current theme` : true,
    perform: () => ({ edit: (d) => setTheme(d, theme.id), history: RECORD }),
  }));
}
