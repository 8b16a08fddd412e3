import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryStorage } from '../test/memory-storage';
import { candlestickPane, twoPaneDocument } from '../test/test-documents';
import { RECORD } from './history';
import { loadWorkspace, serializeStoredWorkspace, WORKSPACE_KEY } from './persistence';
import type { WorkspaceDocument } from './workspace-document';
import { closePane, insertPane, setSymbol, setTheme } from './workspace-edits';
import { createWorkspaceStore } from './workspace-store';
import {
  createWorkspaceSync,
  type SyncChannel,
  type SyncLock,
  type WorkspaceSyncOptions,
} from './workspace-sync';

/** The tabs of one browser: one storage, a channel that delivers to every other tab, a shared lock. */
function createBrowser(storage = new MemoryStorage()) {
  const listeners = new Set<(text: string) => void>();
  const lock: SyncLock = { run: async (task) => task() };
  const problems: string[] = [];
  const openTab = (tabId: string, overrides: Partial<WorkspaceSyncOptions> = {}) => {
    const loaded = loadWorkspace(storage);
    const store = createWorkspaceStore(loaded.status === 'loaded' ? loaded.document : twoPaneDocument());
    let own: ((text: string) => void) | null = null;
    const channel: SyncChannel = {
      post: (text) => {
        for (const listener of listeners) if (listener !== own) listener(text);
      },
      listen: (receive) => {
        own = receive;
        listeners.add(receive);
        return () => listeners.delete(receive);
      },
    };
    const conflicts: number[] = [];
    const sync = createWorkspaceSync({
      storage,
      tabId,
      channel,
      lock,
      revision: loaded.status === 'loaded' ? loaded.revision : 0,
      document: store.reader.getDocument(),
      current: store.reader.getDocument,
      applyRemote: (base, remote) => store.rebase(base, remote),
      isBlocked: () => false,
      onBlocked: (problem) => problems.push(problem),
      onConflict: ({ droppedSteps }) => conflicts.push(droppedSteps),
      onSaveFailed: (error) => problems.push(String(error)),
      onSaved: () => problems.push('saved again'),
      ...overrides,
    });
    store.reader.state.subscribe((state, previous) => {
      if (state.document !== previous.document) sync.schedule();
    });
    const edit = (change: (doc: WorkspaceDocument) => WorkspaceDocument) => store.apply(change, RECORD);
    return { store, sync, edit, conflicts, document: store.reader.getDocument };
  };
  return { storage, openTab, problems };
}

/** Runs the debounce timers and the lock's promise chains until every tab is quiet. */
async function settle() {
  for (let i = 0; i < 5; i++) {
    await vi.runAllTimersAsync();
  }
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('tabs of one workspace', () => {
  it('edited in turn: both edits survive, each tab shows both, and a new tab loads both', async () => {
    const browser = createBrowser();
    const a = browser.openTab('A');
    const b = browser.openTab('B');
    a.edit((d) => insertPane(d, 'p1', candlestickPane('p3', 'AAPL'), 'column'));
    await settle();
    expect(Object.keys(b.document().panes)).toEqual(['p1', 'p2', 'p3']);
    b.edit((d) => setTheme(d, 'vivid-dark'));
    await settle();
    expect(a.document().theme).toBe('vivid-dark');
    expect(Object.keys(a.document().panes)).toEqual(['p1', 'p2', 'p3']);
    const c = browser.openTab('C');
    expect(c.document().theme).toBe('vivid-dark');
    expect(Object.keys(c.document().panes)).toEqual(['p1', 'p2', 'p3']);
    expect(a.sync.revision).toBe(2);
    expect(b.sync.revision).toBe(2);
  });

  it('undo in one tab takes back its own edit only, and the other tab follows', async () => {
    const browser = createBrowser();
    const a = browser.openTab('A');
    const b = browser.openTab('B');
    a.edit((d) => setSymbol(d, 'p1', 'AAPL'));
    await settle();
    b.edit((d) => setTheme(d, 'vivid'));
    await settle();
    expect(a.store.undo()).toBe(true);
    await settle();
    expect(a.document().panes.p1?.symbol).toBe('SPX');
    expect(a.document().theme).toBe('vivid');
    expect(b.document().panes.p1?.symbol).toBe('SPX');
    // B's history holds B's step only: undoing it leaves A's undo in place.
    expect(b.store.undo()).toBe(true);
    expect(b.document().theme).toBe('default');
    expect(b.store.undo()).toBe(false);
  });

  it('edits made at once in two tabs: the later save merges onto the earlier, and a conflict is said', async () => {
    const browser = createBrowser();
    const a = browser.openTab('A');
    const b = browser.openTab('B');
    // Both edit before either save is announced: different panes merge, the same part does not.
    a.edit((d) => setSymbol(setTheme(d, 'sheets'), 'p1', 'AAPL'));
    b.edit((d) => setSymbol(setTheme(d, 'material'), 'p2', 'MSFT'));
    await settle();
    for (const tab of [a, b]) {
      expect(tab.document().panes.p1?.symbol).toBe('AAPL');
      expect(tab.document().panes.p2?.symbol).toBe('MSFT');
    }
    expect(a.document().theme).toBe(b.document().theme);
    // Whichever saved second met the other's theme and dropped its own theme change: said once.
    expect([...a.conflicts, ...b.conflicts]).toHaveLength(1);
  });

  it('never writes over a revision it has not seen', async () => {
    const browser = createBrowser();
    const a = browser.openTab('A');
    a.edit((d) => setTheme(d, 'vivid'));
    await settle();
    // Another tab saved revision 5 and its announcement never arrived (a closed channel).
    const elsewhere = closePane(setTheme(twoPaneDocument(), 'vivid'), 'p2');
    browser.storage.setItem(WORKSPACE_KEY, serializeStoredWorkspace(elsewhere, 5, 'Z'));
    a.edit((d) => setSymbol(d, 'p1', 'GOOG'));
    await settle();
    const stored = loadWorkspace(browser.storage);
    expect(stored).toMatchObject({ status: 'loaded', revision: 6 });
    if (stored.status !== 'loaded') throw new Error('not loaded');
    expect(Object.keys(stored.document.panes)).toEqual(['p1']);
    expect(stored.document.panes.p1?.symbol).toBe('GOOG');
  });

  it('stops saving when another tab saved a document of a newer version', async () => {
    const browser = createBrowser();
    const a = browser.openTab('A');
    const newer = JSON.stringify({ ...twoPaneDocument(), version: 99 });
    browser.storage.setItem(WORKSPACE_KEY, newer);
    a.edit((d) => setTheme(d, 'vivid'));
    await settle();
    expect(browser.storage.getItem(WORKSPACE_KEY)).toBe(newer);
    expect(browser.problems.join('\n')).toMatch(/newer version \(schema 99\).*not overwritten/);
  });

  it('with storage full keeps the document, retries, and says when it is saved again', async () => {
    const storage = new MemoryStorage(400);
    const browser = createBrowser(storage);
    const a = browser.openTab('A');
    a.edit((d) => setTheme(d, 'vivid'));
    await vi.advanceTimersByTimeAsync(300);
    expect(browser.problems).toEqual([expect.stringContaining('QuotaExceededError')]);
    expect(storage.getItem(WORKSPACE_KEY)).toBeNull();
    expect(a.document().theme).toBe('vivid');
    // Room again (the user cleared something): the retry saves without another edit.
    storage.quota = Number.POSITIVE_INFINITY;
    await vi.advanceTimersByTimeAsync(5000);
    expect(browser.problems.at(-1)).toBe('saved again');
    expect(loadWorkspace(storage)).toMatchObject({ status: 'loaded', document: { theme: 'vivid' } });
  });

  it('coalesces a burst of edits into one write, and flush writes a pending save at once', async () => {
    const browser = createBrowser();
    const a = browser.openTab('A');
    a.edit((d) => setTheme(d, 'sheets'));
    await vi.advanceTimersByTimeAsync(200);
    a.edit((d) => setTheme(d, 'material'));
    await vi.advanceTimersByTimeAsync(200);
    expect(browser.storage.writes).toBe(0);
    a.sync.flush();
    expect(browser.storage.writes).toBe(1);
    await settle();
    expect(browser.storage.writes).toBe(1);
    expect(loadWorkspace(browser.storage)).toMatchObject({ revision: 1, document: { theme: 'material' } });
  });

  it('flush writes a save that is waiting for the lock (the page is going away)', async () => {
    const browser = createBrowser();
    // A lock another tab holds: granted only later.
    let grant: () => void = () => {};
    const slowLock: SyncLock = {
      run: (task) =>
        new Promise((resolve) => {
          grant = () => resolve(task());
        }),
    };
    const a = browser.openTab('A', { lock: slowLock });
    a.edit((d) => setTheme(d, 'sheets'));
    await vi.advanceTimersByTimeAsync(400);
    // The debounce has run; the save waits for the lock. Before, flush saw no timer and wrote nothing.
    expect(browser.storage.writes).toBe(0);
    a.sync.flush();
    expect(browser.storage.writes).toBe(1);
    expect(loadWorkspace(browser.storage)).toMatchObject({ revision: 1, document: { theme: 'sheets' } });
    // Granted afterwards, the save finds nothing new to write.
    grant();
    await settle();
    expect(browser.storage.writes).toBe(1);
  });
});
