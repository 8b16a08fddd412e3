/**
 * What the pane context menu offers, as data: the registry's `inPaneMenu` commands in registry order,
 * a long family gathered into the submenu its commands name (`paneSubmenu`), which stands where its
 * first command would. Pure, so the rules are tested without a DOM.
 */
import type { Availability, Command, CommandContext } from './command';
import type { CommandRegistry } from './command-registry';

export interface PaneMenuCommand {
  readonly type: 'command';
  readonly command: Command;
  readonly availability: Availability;
}

export interface PaneSubmenu {
  readonly type: 'submenu';
  readonly label: string;
  readonly items: readonly PaneMenuCommand[];
}

export type PaneMenuEntry = PaneMenuCommand | PaneSubmenu;

/**
 * The entries of the pane menu for a context. A command unavailable here is shown disabled (its reason
 * as tooltip) unless it hides itself; a submenu none of whose commands can run here is left out, as
 * a family that does not apply to this pane (drawing tools on a watchlist).
 */
export function paneMenuEntries(
  registry: Pick<CommandRegistry, 'list' | 'availability'>,
  ctx: CommandContext,
): PaneMenuEntry[] {
  const entries: PaneMenuEntry[] = [];
  const submenus = new Map<string, PaneMenuCommand[]>();
  for (const command of registry.list()) {
    const offered = typeof command.inPaneMenu === 'function' ? command.inPaneMenu(ctx) : command.inPaneMenu;
    if (!offered) continue;
    const availability = registry.availability(command, ctx);
    if (availability !== true && command.hiddenWhenUnavailable) continue;
    const item: PaneMenuCommand = { type: 'command', command, availability };
    const label = command.paneSubmenu;
    if (label === undefined) {
      entries.push(item);
      continue;
    }
    const items = submenus.get(label);
    if (items) {
      items.push(item);
    } else {
      const first = [item];
      submenus.set(label, first);
      entries.push({ type: 'submenu', label, items: first });
    }
  }
  return entries.filter((e) => e.type === 'command' || e.items.some((i) => i.availability === true));
}
