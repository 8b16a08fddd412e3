/**
 * State that is not the document lives in the session a workstation creates, never in a store made
 * at module load: such a store is shared by every workstation and every test in a process, so one
 * test's focus or notices leak into the next. This scan fails on the pattern that made them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const MODULE_STORE =
  /^(?:export\s+)?(?:const|let)\s+\w+(?:\s*:[^=]+)?\s*=\s*(?:createStore|create)\s*(?:<.*>)?\s*\(/m;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('session state', () => {
  it('has no store created at module level in src or workers', () => {
    const offenders = [...sources(join(ROOT, 'src')), ...sources(join(ROOT, 'workers'))]
      .filter((path) => MODULE_STORE.test(readFileSync(path, 'utf8')))
      .map((path) => relative(ROOT, path));
    expect(offenders).toEqual([]);
  });

  it('recognises the pattern it forbids', () => {
    expect(MODULE_STORE.test('export const uiStore = createStore<UiState>(() => ({}));')).toBe(true);
    expect(MODULE_STORE.test('const useThing = create((set) => ({}));')).toBe(true);
    expect(
      MODULE_STORE.test('export const s = createStore<{ a: Record<string, boolean> }>(() => ({ a: {} }));'),
    ).toBe(true);
    expect(MODULE_STORE.test('  const store = createStore<State>(() => IDLE);')).toBe(false);
  });
});
