/**
 * The rows of the keyboard shortcut list: one per command label and scope in a group, with the keys
 * of every command behind it (the nine `Type an interval` digits are one row; `Pan chart left` on
 * financial and analytic charts is one row). A run of three or more digits or letters reads as a range.
 */
import type { Command, KeyScope } from './command';
import { shownKeys } from './key-format';

export interface ShortcutRow {
  label: string;
  scope: KeyScope;
  /** Formatted for people, without repeats. */
  keys: string[];
}

export function shortcutRows(commands: readonly Command[], mac?: boolean): ShortcutRow[] {
  const rows = new Map<string, ShortcutRow>();
  for (const command of commands) {
    if (!command.keys?.length) continue;
    const scope = command.scope ?? 'global';
    const id = `${scope}|${command.label}`;
    const row = rows.get(id) ?? { label: command.label, scope, keys: [] };
    rows.set(id, row);
    for (const text of shownKeys(command.keys, mac)) {
      if (!row.keys.includes(text)) row.keys.push(text);
    }
  }
  return [...rows.values()].map((row) => ({ ...row, keys: keyRuns(row.keys) }));
}

/**
 * `1`, `2`, ..., `9` as `1–9` and `Shift+A` ... `Shift+Z` as `Shift+A–Z`: runs of three or more
 * consecutive single digits, or letters, with the same modifiers become one range. Keys with the
 * same modifiers are listed together, in the order they first came.
 */
function keyRuns(keys: readonly string[]): string[] {
  const byModifiers = new Map<string, string[]>();
  for (const key of keys) {
    const split = key.length > 1 && key.endsWith('+') ? key.length - 1 : key.lastIndexOf('+') + 1;
    const modifiers = key.slice(0, split);
    byModifiers.set(modifiers, [...(byModifiers.get(modifiers) ?? []), key.slice(split)]);
  }
  return [...byModifiers].flatMap(([modifiers, finals]) => runs(finals).map((k) => `${modifiers}${k}`));
}

const single = (key: string): 'digit' | 'letter' | null =>
  /^\d$/.test(key) ? 'digit' : /^[A-Z]$/.test(key) ? 'letter' : null;

function runs(keys: readonly string[]): string[] {
  const out: string[] = [];
  let run: string[] = [];
  const flush = (): void => {
    if (run.length >= 3) out.push(`${run[0]}–${run[run.length - 1]}`);
    else out.push(...run);
    run = [];
  };
  for (const key of keys) {
    const last = run[run.length - 1];
    const kind = single(key);
    const follows =
      kind !== null &&
      last !== undefined &&
      single(last) === kind &&
      key.charCodeAt(0) === last.charCodeAt(0) + 1;
    if (!follows) flush();
    if (kind !== null) run.push(key);
    else out.push(key);
  }
  flush();
  return out;
}
