/**
 * Workload `history`: undo and redo in a 16-pane workspace rendered by the real app, and the heap
 * that 100 one-pane steps keep alive. Our history (src/state/history.ts, structural sharing) is
 * measured against a deep-copy undo stack (./clone-history.ts) driving the same store and the same
 * React tree, with the same seeded edits.
 */
import '../../src/app/styles';
import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { App } from '../../src/app/app';
import { createWorkstation } from '../../src/app/workstation';
import { registerPaneKinds } from '../../src/panes';
import { nextSort, type WatchlistColumn } from '../../src/panes/watchlist/watchlist-rows';
import {
  readSort,
  DEFAULT_WATCHLIST_SYMBOLS as WATCHLIST_SYMBOLS,
} from '../../src/panes/watchlist/watchlist-settings';
import { HISTORY_DEPTH, RECORD } from '../../src/state/history';
import type { LayoutNode, PaneId } from '../../src/state/layout-node';
import { getLeaves } from '../../src/state/layout-tree';
import type { WorkspaceDocument } from '../../src/state/workspace-document';
import { closePane, insertPane, setLayout, setPaneSettings } from '../../src/state/workspace-edits';
import type { WorkspaceStore } from '../../src/state/workspace-store';
import { createPane } from '../../src/workspace/pane-registry';
import { CloneHistory } from './clone-history';
import { forgetOldStates } from './forget-old-states';
import {
  type BenchMetric,
  distribution,
  liveHeapBytes,
  publish,
  seededRandom,
  sleep,
  timeStep,
  waitFor,
} from './harness';
import { createMemoryStorage } from './memory-storage';
import { expectTiled } from './tiled-layout';

const GRID_SIDE = 4;
const PANE_COUNT = GRID_SIDE * GRID_SIDE;
const STEPS = HISTORY_DEPTH;
const WARM_UP_STEPS = 20;
/** Timed rounds per history, alternating ours and the peer, so a busy moment hurts both alike. */
const ROUNDS = 3;
const SEED = 0x5eed_2026;
/** The saver writes 300 ms after the last change; heap samples wait until that write is done. */
const SAVE_QUIET_MS = 700;
const SORT_COLUMNS: WatchlistColumn[] = ['symbol', 'name', 'last', 'change', 'changePercent'];

type Change = (doc: WorkspaceDocument) => WorkspaceDocument;

/** What both histories offer the benchmark. */
interface HistoryUnderTest {
  edit(change: Change): boolean;
  undo(): boolean;
  redo(): boolean;
  /** Drops every step but keeps the current document: the zero-step baseline of the heap figure. */
  clear(): void;
  steps(): number;
}

function ourHistory(workspace: WorkspaceStore): HistoryUnderTest {
  return {
    edit: (change) => workspace.apply(change, RECORD),
    undo: () => workspace.undo(),
    redo: () => workspace.redo(),
    clear: () => workspace.reset(workspace.reader.getDocument()),
    steps: () => workspace.reader.state.getState().history.past.length,
  };
}

/** The deep-copy stack writes the same store the app renders from, so the re-render is the same. */
function peerHistory(workspace: WorkspaceStore): HistoryUnderTest {
  const stack = new CloneHistory<WorkspaceDocument>(
    () => workspace.reader.getDocument(),
    // The peer writes documents with no history of ours: `reset` replaces the document and empties it.
    (document) => workspace.reset(document),
    HISTORY_DEPTH,
  );
  return {
    edit: (change) => stack.edit(change),
    undo: () => stack.undo(),
    redo: () => stack.redo(),
    clear: () => stack.clear(),
    steps: () => stack.steps,
  };
}

function gridLayout(ids: readonly PaneId[]): LayoutNode {
  const share = 100 / GRID_SIDE;
  const shares = Array.from({ length: GRID_SIDE }, () => share);
  const rows: LayoutNode[] = Array.from({ length: GRID_SIDE }, (_, row) => ({
    type: 'split',
    direction: 'row',
    children: ids.slice(row * GRID_SIDE, (row + 1) * GRID_SIDE),
    splitPercentages: shares,
  }));
  return { type: 'split', direction: 'column', children: rows, splitPercentages: shares };
}

/** The app's starting document, emptied, refilled with 16 watchlists and laid out as an even 4 x 4 grid. */
function sixteenPaneDocument(start: WorkspaceDocument): WorkspaceDocument {
  let doc = Object.keys(start.panes).reduce(closePane, start);
  const ids: PaneId[] = [];
  for (let i = 0; i < PANE_COUNT; i++) {
    const pane = createPane('watchlist', WATCHLIST_SYMBOLS[i % WATCHLIST_SYMBOLS.length]);
    doc = insertPane(doc, ids[ids.length - 1] ?? null, pane, 'row');
    ids.push(pane.id);
  }
  doc = setLayout(doc, gridLayout(ids));
  if (getLeaves(doc.layout).length !== PANE_COUNT) {
    throw new Error('The 16-pane document has the wrong layout');
  }
  return doc;
}

/** Seeded one-pane edits: a new sort order on a watchlist, never the same pane twice in a row. */
function seededEdits(paneIds: readonly PaneId[], count: number): Change[] {
  const random = seededRandom(SEED);
  let pane = 0;
  return Array.from({ length: count }, () => {
    pane = (pane + 1 + Math.floor(random() * (paneIds.length - 1))) % paneIds.length;
    const paneId = paneIds[pane] as PaneId;
    const column = SORT_COLUMNS[Math.floor(random() * SORT_COLUMNS.length)] as WatchlistColumn;
    return (doc) =>
      setPaneSettings(doc, paneId, { sort: nextSort(readSort(doc.panes[paneId]?.settings ?? {}), column) });
  });
}

interface SessionResult {
  edit: { commit: number[]; frame: number[] };
  undo: { commit: number[]; frame: number[] };
  redo: { commit: number[]; frame: number[] };
  heap: {
    method: string;
    withSteps: number;
    withoutSteps: number;
    steps: number;
    bytesPerStep: number;
  } | null;
}

async function timeSteps(
  count: number,
  step: () => boolean,
  what: string,
): Promise<{ commit: number[]; frame: number[] }> {
  const commit: number[] = [];
  const frame: number[] = [];
  for (let i = 0; i < count; i++) {
    const timing = await timeStep(() =>
      flushSync(() => {
        if (!step()) throw new Error(`${what} ${i + 1} of ${count} changed nothing`);
      }),
    );
    commit.push(timing.commitMs);
    frame.push(timing.frameMs);
  }
  return { commit, frame };
}

async function showDocument(workspace: WorkspaceStore, doc: WorkspaceDocument): Promise<void> {
  flushSync(() => workspace.reset(doc));
  await waitFor(
    () =>
      document.querySelectorAll('table.watchlist tbody tr').length === PANE_COUNT * WATCHLIST_SYMBOLS.length,
    `${PANE_COUNT} watchlists with their rows`,
  );
  expectTiled(PANE_COUNT);
  await sleep(SAVE_QUIET_MS);
}

async function runSession(
  workspace: WorkspaceStore,
  history: HistoryUnderTest,
  start: WorkspaceDocument,
  edits: readonly Change[],
  measureHeap: boolean,
): Promise<SessionResult> {
  await showDocument(workspace, start);
  history.clear();
  let next = 0;
  const edit = await timeSteps(edits.length, () => history.edit(edits[next++] as Change), 'Edit');
  const edited = JSON.stringify(workspace.reader.getDocument());
  const undo = await timeSteps(edits.length, () => history.undo(), 'Undo');
  if (JSON.stringify(workspace.reader.getDocument()) !== JSON.stringify(start)) {
    throw new Error('Undoing every step did not restore the starting document');
  }
  const redo = await timeSteps(edits.length, () => history.redo(), 'Redo');
  if (JSON.stringify(workspace.reader.getDocument()) !== edited) {
    throw new Error('Redoing every step did not restore the edits');
  }
  if (!measureHeap) return { edit, undo, redo, heap: null };

  await sleep(SAVE_QUIET_MS);
  const steps = history.steps();
  const withSteps = await liveHeapBytes();
  history.clear();
  forgetOldStates(workspace);
  const withoutSteps = await liveHeapBytes();
  return {
    edit,
    undo,
    redo,
    heap: {
      method: withSteps.method,
      withSteps: withSteps.bytes,
      withoutSteps: withoutSteps.bytes,
      steps,
      bytesPerStep: (withSteps.bytes - withoutSteps.bytes) / steps,
    },
  };
}

/** Pools the rounds' samples; the heap figure comes from the round that measured it. */
function pooled(rounds: readonly SessionResult[]): SessionResult {
  const join = (op: 'edit' | 'undo' | 'redo') => ({
    commit: rounds.flatMap((r) => r[op].commit),
    frame: rounds.flatMap((r) => r[op].frame),
  });
  return {
    edit: join('edit'),
    undo: join('undo'),
    redo: join('redo'),
    heap: rounds.find((r) => r.heap)?.heap ?? null,
  };
}

function summary(session: SessionResult) {
  return {
    edit: { commit: distribution(session.edit.commit), frame: distribution(session.edit.frame) },
    undo: { commit: distribution(session.undo.commit), frame: distribution(session.undo.frame) },
    redo: { commit: distribution(session.redo.commit), frame: distribution(session.redo.frame) },
    heap: session.heap,
  };
}

function metrics(ours: SessionResult, peer: SessionResult): BenchMetric[] {
  const [a, b] = [summary(ours), summary(peer)];
  const timing = (
    op: 'undo' | 'redo',
    kind: 'commit' | 'frame',
    stat: 'p50' | 'p95',
    label: string,
  ): BenchMetric => ({
    id: `${op}.${kind}.${stat}`,
    label: `${op}: ${label}`,
    includes:
      kind === 'commit'
        ? `ours: ${op} on the immutable history; peer: ${op} on the structuredClone stack; both with the React commit of the 16-pane workspace (flushSync)`
        : `ours and peer: the ${op} call, React commit, style, layout and paint, to the task after the frame`,
    unit: 'ms',
    ours: a[op][kind][stat],
    peer: b[op][kind][stat],
  });
  return [
    ...(['undo', 'redo'] as const).flatMap((op) => [
      timing(op, 'commit', 'p50', 'call + commit, median'),
      timing(op, 'commit', 'p95', 'call + commit, p95'),
      timing(op, 'frame', 'p50', 'call to painted frame, median'),
      timing(op, 'frame', 'p95', 'call to painted frame, p95'),
    ]),
    {
      id: 'heap.bytesPerStep',
      label: `heap kept per step (${STEPS} steps)`,
      includes: `live heap (DevTools heap snapshot after GC) with ${STEPS} steps recorded minus without, per step; ours: structural sharing; peer: a structuredClone per step`,
      unit: 'bytes',
      ours: Math.round(ours.heap?.bytesPerStep ?? Number.NaN),
      peer: Math.round(peer.heap?.bytesPerStep ?? Number.NaN),
    },
  ];
}

publish(async () => {
  const rootElement = document.getElementById('root');
  if (!rootElement) throw new Error('history.html has no #root');
  registerPaneKinds();
  const { workstation, store } = createWorkstation(createMemoryStorage());
  createRoot(rootElement).render(
    <StrictMode>
      <App workstation={workstation} />
    </StrictMode>,
  );
  const workspace = store;
  const start = sixteenPaneDocument(workspace.reader.getDocument());
  const edits = seededEdits(Object.keys(start.panes), STEPS);
  const ours = ourHistory(workspace);
  const peer = peerHistory(workspace);

  // Warm both paths up (JIT, first renders) so neither pays for being first.
  await runSession(workspace, ours, start, edits.slice(0, WARM_UP_STEPS), false);
  await runSession(workspace, peer, start, edits.slice(0, WARM_UP_STEPS), false);

  const oursRounds: SessionResult[] = [];
  const peerRounds: SessionResult[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const last = round === ROUNDS - 1;
    oursRounds.push(await runSession(workspace, ours, start, edits, last));
    peerRounds.push(await runSession(workspace, peer, start, edits, last));
  }
  const oursResult = pooled(oursRounds);
  const peerResult = pooled(peerRounds);
  return {
    workload: 'history',
    metrics: metrics(oursResult, peerResult),
    details: {
      panes: PANE_COUNT,
      steps: STEPS,
      rounds: ROUNDS,
      seed: SEED,
      viewport: { width: window.innerWidth, height: window.innerHeight },
      // Cross-origin isolation (COOP + COEP from bench/vite.config.ts) gives 5 us timers, not 100 us.
      crossOriginIsolated: window.crossOriginIsolated,
      ours: summary(oursResult),
      peer: summary(peerResult),
    },
  };
});
