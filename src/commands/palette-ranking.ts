/**
 * The palette's order: the commands that match what was typed, those that can run first, each part
 * by how well it matches (cmdk's own scoring), ties in registry order; the ones that cannot run here
 * after, with their reason. cmdk sorts only the items it can select and leaves unavailable ones where
 * they were, so a command that matched one letter in four ('Save named workspace' for 'draw') stood
 * above every Draw command: the palette ranks for itself and tells cmdk not to filter.
 *
 * Letters scattered through a label are a match only when nothing matches better: typed in full,
 * 'Restore pane' (hidden while no pane is maximized) found 'Replace pane with: Histogram' alone, and
 * Enter replaced the pane. Now the command typed is listed, unavailable with its reason, and Enter
 * does nothing.
 */
import { defaultFilter } from 'cmdk';
import type { Command } from './command';

export interface PaletteEntry {
  command: Command;
  /** true, or why it cannot run now. */
  availability: true | string;
}

/**
 * cmdk's score from which a match is what the user typed: 1 for the whole label, 0.8 to 0.99 for its
 * start or the starts of its words ('spr' in 'Split pane right': 0.89); letters scattered through a
 * label score under 0.05 ('Restore pane' in 'Replace pane with: Histogram': 0.025).
 */
export const STRONG_MATCH = 0.5;

/** The words a command is found by besides its label. */
function searchWords(command: Command): string[] {
  return [...(command.keywords ?? []), command.group, command.id];
}

const runnable = (entry: PaletteEntry) => entry.availability === true;
/** Listed while it cannot run: unless it hides then (Restore with nothing maximized). */
const listedUnavailable = (entry: PaletteEntry) => !entry.command.hiddenWhenUnavailable;

export function rankEntries(entries: readonly PaletteEntry[], search: string): PaletteEntry[] {
  const query = search.trim();
  if (query === '') {
    // Everything listed, the runnable first.
    return [...entries.filter(runnable), ...entries.filter((e) => !runnable(e) && listedUnavailable(e))];
  }
  const scored = entries
    .map((entry, order) => ({
      entry,
      order,
      score: defaultFilter(entry.command.label, query, searchWords(entry.command)),
    }))
    .filter((s) => s.score > 0);
  // What was typed, when some command matches it well (a hidden one too: it is shown, with its
  // reason); otherwise every match but the hidden ones, so a typo still finds something.
  const strong = scored.filter((s) => s.score >= STRONG_MATCH);
  const matches =
    strong.length > 0 ? strong : scored.filter((s) => runnable(s.entry) || listedUnavailable(s.entry));
  matches.sort(
    (a, b) => Number(runnable(b.entry)) - Number(runnable(a.entry)) || b.score - a.score || a.order - b.order,
  );
  return matches.map((s) => s.entry);
}
