/**
 * The palette's order: the commands that match what was typed, those that can run first, each part
 * by how well it matches (cmdk's own scoring), ties in registry order; the ones that cannot run here
 * after, with their reason. cmdk sorts only the items it can select and leaves unavailable ones where
 * they were, so a command that matched one letter in four ('Save named workspace' for 'draw') stood
 * above every Draw command: the palette ranks for itself and tells cmdk not to filter.
 */
import { defaultFilter } from 'cmdk';
import type { Command } from './command';

export interface PaletteEntry {
  command: Command;
  /** true, or why it cannot run now. */
  availability: true | string;
}

/** The words a command is found by besides its label. */
function searchWords(command: Command): string[] {
  return [...(command.keywords ?? []), command.group, command.id];
}

export function rankEntries(entries: readonly PaletteEntry[], search: string): PaletteEntry[] {
  const query = search.trim();
  if (query === '') {
    // Everything, the runnable first.
    return [
      ...entries.filter((e) => e.availability === true),
      ...entries.filter((e) => e.availability !== true),
    ];
  }
  const scored = entries
    .map((entry, order) => ({
      entry,
      order,
      score: defaultFilter(entry.command.label, query, searchWords(entry.command)),
    }))
    .filter((s) => s.score > 0);
  scored.sort(
    (a, b) =>
      Number(b.entry.availability === true) - Number(a.entry.availability === true) ||
      b.score - a.score ||
      a.order - b.order,
  );
  return scored.map((s) => s.entry);
}
