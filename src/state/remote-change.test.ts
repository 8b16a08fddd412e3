import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { candlestickPane, twoPaneDocument } from '../test/test-documents';
import { addAnnotation, belongsToPane, createAnnotation, deleteAnnotation } from './annotation-edits';
import { emptyHistory, type History, RECORD, recordStep, undo } from './history';
import { getLeaves } from './layout-tree';
import { changedParts, rebaseOnRemote, repairDocument, takeParts } from './remote-change';
import type { ThemeId, WorkspaceDocument } from './workspace-document';
import { closePane, insertPane, setMaximized, setSymbol, setTheme, setTimeZone } from './workspace-edits';

/** The invariants every document of the workspace keeps. */
function consistent(doc: WorkspaceDocument): boolean {
  const leaves = getLeaves(doc.layout);
  const panes = Object.keys(doc.panes);
  return (
    leaves.length === panes.length &&
    leaves.every((id) => id in doc.panes) &&
    // A pane's own annotation needs its pane; a drawing of a symbol outlives the pane it was drawn on.
    Object.values(doc.annotations).every((a) => !belongsToPane(a) || a.paneId in doc.panes) &&
    (doc.maximizedPaneId === null || leaves.includes(doc.maximizedPaneId))
  );
}

type Edit =
  | { kind: 'split'; at: number; id: string }
  | { kind: 'close'; at: number }
  | { kind: 'theme'; theme: ThemeId }
  | { kind: 'symbol'; at: number; symbol: string }
  | { kind: 'annotate'; at: number; price: number }
  | { kind: 'unannotate'; at: number }
  | { kind: 'maximize'; at: number };

/** Pane ids are unique per tab, as the app's random ids are. */
function editArb(tab: string): fc.Arbitrary<Edit> {
  return fc.oneof(
    fc.record({ kind: fc.constant('split' as const), at: fc.nat(), id: fc.nat().map((n) => `${tab}${n}`) }),
    fc.record({ kind: fc.constant('close' as const), at: fc.nat() }),
    fc.record({
      kind: fc.constant('theme' as const),
      theme: fc.constantFrom<ThemeId>('default-dark', 'vivid'),
    }),
    fc.record({
      kind: fc.constant('symbol' as const),
      at: fc.nat(),
      symbol: fc.constantFrom('AAPL', 'MSFT'),
    }),
    fc.record({
      kind: fc.constant('annotate' as const),
      at: fc.nat(),
      price: fc.integer({ min: 1, max: 99 }),
    }),
    fc.record({ kind: fc.constant('unannotate' as const), at: fc.nat() }),
    fc.record({ kind: fc.constant('maximize' as const), at: fc.nat() }),
  );
}

const pick = <T>(items: readonly T[], at: number): T | undefined => items[at % Math.max(1, items.length)];

function applyEdit(doc: WorkspaceDocument, edit: Edit): WorkspaceDocument {
  const leaves = getLeaves(doc.layout);
  const target = pick(leaves, 'at' in edit ? edit.at : 0);
  switch (edit.kind) {
    case 'split':
      return edit.id in doc.panes ? doc : insertPane(doc, target ?? null, candlestickPane(edit.id), 'row');
    case 'close':
      return target ? closePane(doc, target) : doc;
    case 'theme':
      return setTheme(doc, edit.theme);
    case 'symbol':
      return target ? setSymbol(doc, target, edit.symbol) : doc;
    case 'annotate':
      return target ? addAnnotation(doc, createAnnotation(target, 'horizontal-line', 0, edit.price)) : doc;
    case 'unannotate': {
      const annotation = pick(Object.keys(doc.annotations), edit.at);
      return annotation ? deleteAnnotation(doc, annotation) : doc;
    }
    case 'maximize':
      return setMaximized(doc, target ?? null);
  }
}

function withHistory(base: WorkspaceDocument, edits: readonly Edit[]) {
  let document = base;
  let history: History<WorkspaceDocument> = emptyHistory();
  for (const edit of edits) {
    const next = applyEdit(document, edit);
    history = recordStep(history, document, next, RECORD, 0);
    document = next;
  }
  return { document, history };
}

describe('a change from another tab', () => {
  it('tells the parts two documents differ in', () => {
    const base = twoPaneDocument();
    expect(changedParts(base, base)).toEqual(new Set());
    const next = setSymbol(setTheme(base, 'vivid'), 'p2', 'AAPL');
    expect(changedParts(base, next)).toEqual(new Set(['theme', 'pane:p2']));
    expect(changedParts(base, closePane(base, 'p1'))).toEqual(new Set(['layout', 'pane:p1']));
    // The time zone is a part of its own: another tab's zone is taken without touching the panes.
    const zoned = setTimeZone(base, 'Europe/London');
    expect(changedParts(base, zoned)).toEqual(new Set(['timeZone']));
    expect(takeParts(setSymbol(base, 'p2', 'MSFT'), zoned, new Set(['timeZone'])).timeZone).toBe(
      'Europe/London',
    );
    expect(setTimeZone(base, 'UTC')).toBe(base);
  });

  it('takes the remote parts, removing what the remote removed', () => {
    const base = twoPaneDocument();
    const remote = closePane(setTheme(base, 'vivid'), 'p1');
    const local = setSymbol(base, 'p2', 'MSFT');
    const merged = repairDocument(takeParts(local, remote, changedParts(base, remote)));
    expect(merged.theme).toBe('vivid');
    expect(Object.keys(merged.panes)).toEqual(['p2']);
    expect(merged.panes.p2?.symbol).toBe('MSFT');
    expect(consistent(merged)).toBe(true);
  });

  it('keeps this tab undoing its own steps, never the other tab’s', () => {
    const base = twoPaneDocument();
    // This tab changed a symbol, then the other tab (which had seen that) changed the theme.
    const local = withHistory(base, [{ kind: 'symbol', at: 0, symbol: 'AAPL' }]);
    const remote = setTheme(local.document, 'vivid');
    const rebased = rebaseOnRemote(local, local.document, remote);
    expect(rebased.document.theme).toBe('vivid');
    expect(rebased.droppedSteps).toBe(0);
    const back = undo(rebased.history, rebased.document);
    expect(back?.document.panes.p1?.symbol).toBe('SPX');
    expect(back?.document.theme).toBe('vivid');
  });

  it('drops the steps a conflicting remote change emptied, and says it overwrote local edits', () => {
    const base = twoPaneDocument();
    const local = withHistory(base, [
      { kind: 'theme', theme: 'default-dark' },
      { kind: 'symbol', at: 1, symbol: 'MSFT' },
    ]);
    const remote = setTheme(base, 'vivid');
    const rebased = rebaseOnRemote(local, base, remote);
    expect(rebased.document.theme).toBe('vivid');
    expect(rebased.document.panes.p2?.symbol).toBe('MSFT');
    expect(rebased.droppedSteps).toBe(1);
    expect(rebased.overwroteLocal).toBe(true);
    expect(rebased.history.past).toHaveLength(1);
  });

  it('keeps every document consistent, applies the remote parts everywhere, and loses no step silently', () => {
    fc.assert(
      fc.property(
        fc.array(editArb('L'), { maxLength: 8 }),
        fc.array(editArb('R'), { maxLength: 8 }),
        fc.nat({ max: 8 }),
        (localEdits, remoteEdits, undone) => {
          const base = twoPaneDocument();
          const local = withHistory(base, localEdits);
          // Some steps undone: the rebase must carry the redo stack too.
          let state = local;
          for (let i = 0; i < undone; i++)
            state = { ...state, ...(undo(state.history, state.document) ?? state) };
          const remote = remoteEdits.reduce(applyEdit, base);
          const parts = changedParts(base, remote);
          const rebased = rebaseOnRemote(state, base, remote);
          const all = [...rebased.history.past, rebased.document, ...rebased.history.future];
          for (const doc of all) {
            expect(consistent(doc)).toBe(true);
            // A remote part is as the remote has it, unless a pane it needs is gone from this document
            // (closed here): then the layout keeps only the remote's leaves that still have panes.
            const leaves = new Set(getLeaves(remote.layout));
            for (const part of parts) {
              if (!changedParts(doc, remote).has(part)) continue;
              if (part === 'layout') expect(getLeaves(doc.layout).every((id) => leaves.has(id))).toBe(true);
              else if (part === 'maximizedPaneId') expect(doc.maximizedPaneId).toBeNull();
              else if (part.startsWith('pane:')) expect(part.slice(5) in doc.panes).toBe(false);
              else if (part.startsWith('annotation:')) {
                const annotation = remote.annotations[part.slice('annotation:'.length)];
                expect(annotation === undefined || !(annotation.paneId in doc.panes)).toBe(true);
              } else expect.unreachable(`the remote's ${part} was not applied`);
            }
          }
          const before = state.history.past.length + 1 + state.history.future.length;
          expect(all.length + rebased.droppedSteps).toBe(before);
          if (remoteEdits.length === 0 || parts.size === 0) expect(rebased.droppedSteps).toBe(0);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('is the remote document itself when this tab had changed nothing', () => {
    fc.assert(
      fc.property(fc.array(editArb('R'), { maxLength: 10 }), (remoteEdits) => {
        const base = twoPaneDocument();
        const remote = remoteEdits.reduce(applyEdit, base);
        const rebased = rebaseOnRemote({ document: base, history: emptyHistory() }, base, remote);
        expect(changedParts(rebased.document, remote)).toEqual(new Set());
        expect(rebased.droppedSteps).toBe(0);
      }),
      { numRuns: 200 },
    );
  });
});
