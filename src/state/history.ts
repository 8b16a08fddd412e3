/**
 * Undo/redo over immutable snapshots. Each entry is the document as it was before a step; because
 * documents are updated immutably, consecutive entries share every object the step did not touch
 * (practice 3, docs/practices.md), so a one-pane edit costs a few small objects, not a copy of the workspace.
 */
export const HISTORY_DEPTH = 100;

/** Repeated edits with the same merge key closer together than this become one step. */
export const MERGE_WINDOW_MS = 1000;

/**
 * How a state change enters history (practice 2, docs/practices.md):
 * - `record`: a new undo step;
 * - `merge`: joins the previous step when that step had the same key and is recent (a burst of
 *   arrow-key nudges, a run of symbol changes), otherwise starts a new one;
 * - `ignore`: the document changes without a step. Reserved for changes that must not be undone on
 *   their own, such as a migration applied on load.
 * - `throughout`: not an edit but a fact (a price alert fired): the change is made to the document
 *   and to every undo and redo snapshot, without a step, so no undo or redo takes it back. The edit
 *   must leave a snapshot it does not apply to as it is (the same object).
 */
export type HistoryMode =
  | { kind: 'record' }
  | { kind: 'merge'; key: string }
  | { kind: 'ignore' }
  | { kind: 'throughout' };

export const RECORD: HistoryMode = { kind: 'record' };
export const IGNORE: HistoryMode = { kind: 'ignore' };
export const THROUGHOUT: HistoryMode = { kind: 'throughout' };
export const mergeBy = (key: string): HistoryMode => ({ kind: 'merge', key });

export interface History<D> {
  readonly past: readonly D[];
  readonly future: readonly D[];
  /** Key and time of the last merged step, so the next edit knows whether to join it. */
  readonly mergeKey: string | null;
  readonly mergedAt: number;
}

export function emptyHistory<D>(): History<D> {
  return { past: [], future: [], mergeKey: null, mergedAt: 0 };
}

function pushPast<D>(past: readonly D[], entry: D): D[] {
  const next = past.length >= HISTORY_DEPTH ? past.slice(past.length - HISTORY_DEPTH + 1) : past.slice();
  next.push(entry);
  return next;
}

/** Records the transition `before -> after` according to `mode`. A no-op edit leaves history alone. */
export function recordStep<D>(
  history: History<D>,
  before: D,
  after: D,
  mode: HistoryMode,
  now: number,
): History<D> {
  if (before === after || mode.kind === 'ignore' || mode.kind === 'throughout') return history;
  if (mode.kind === 'merge') {
    const joins = history.mergeKey === mode.key && now - history.mergedAt <= MERGE_WINDOW_MS;
    if (joins && history.past.length > 0) {
      return { past: history.past, future: [], mergeKey: mode.key, mergedAt: now };
    }
    return { past: pushPast(history.past, before), future: [], mergeKey: mode.key, mergedAt: now };
  }
  return { past: pushPast(history.past, before), future: [], mergeKey: null, mergedAt: 0 };
}

export interface Travel<D> {
  readonly document: D;
  readonly history: History<D>;
}

export function undo<D>(history: History<D>, current: D): Travel<D> | null {
  const previous = history.past[history.past.length - 1];
  if (previous === undefined) return null;
  return {
    document: previous,
    history: {
      past: history.past.slice(0, -1),
      future: [current, ...history.future],
      mergeKey: null,
      mergedAt: 0,
    },
  };
}

export function redo<D>(history: History<D>, current: D): Travel<D> | null {
  const [next, ...rest] = history.future;
  if (next === undefined) return null;
  return {
    document: next,
    history: { past: pushPast(history.past, current), future: rest, mergeKey: null, mergedAt: 0 },
  };
}

/**
 * The `throughout` mode's history: `edit` applied to every snapshot. Snapshots it leaves alone stay
 * the same objects, so the history shares structure as before.
 */
export function editThroughout<D>(history: History<D>, edit: (doc: D) => D): History<D> {
  const past = history.past.map(edit);
  const future = history.future.map(edit);
  const same = past.every((d, i) => d === history.past[i]) && future.every((d, i) => d === history.future[i]);
  return same ? history : { ...history, past, future };
}
