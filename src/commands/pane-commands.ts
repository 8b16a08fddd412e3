/**
 * Commands that pane families bring (chart keys, chart types, the watchlist grid's keys), registered
 * with their kinds in src/panes/index.ts; the workstation puts them in the one registry.
 */
import type { Command } from './command';

const paneCommands: Command[] = [];

export function registerPaneCommands(commands: readonly Command[]): void {
  paneCommands.push(...commands);
}

export function listPaneCommands(): readonly Command[] {
  return paneCommands;
}
