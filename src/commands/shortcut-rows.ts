/**
 * The rows of the keyboard shortcut list: one per command label and scope in a group, with the keys
 * of every command behind it (the nine `Type an interval` digits are one row; `Pan chart left` on
 * financial and analytic charts is one row). A run of three or more digits reads as a range.
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
  return [...rows.values()].map((row) => ({ ...row, keys: digitRuns(row.keys) }));
}

/** `1`, `2`, ..., `9` as `1–9`: runs of three or more consecutive single digits become one range. */
function digitRuns(keys: readonly string[]): string[] {
  const out: string[] = [];
  let run: number[] = [];
  const flush = (): void => {
    if (run.length >= 3) out.push(`${run[0]}–${run[run.length - 1]}`);
    else out.push(...run.map(String));
    run = [];
  };
  for (const key of keys) {
    const digit = /^\d$/.test(key) ? Number(key) : null;
    if (digit !== null && (run.length === 0 || digit === (run[run.length - 1] ?? -2) + 1)) {
      run.push(digit);
      continue;
    }
    flush();
    if (digit !== null) run.push(digit);
    else out.push(key);
  }
  flush();
  return out;
}
