import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  emptyHistory,
  HISTORY_DEPTH,
  type History,
  type HistoryMode,
  MERGE_WINDOW_MS,
  mergeBy,
  RECORD,
  recordStep,
  redo,
  undo,
} from './history';

interface Doc {
  readonly counter: number;
  readonly items: readonly string[];
}

type Edit = { mode: HistoryMode; delta: number; dt: number };

const editArb: fc.Arbitrary<Edit> = fc.record({
  mode: fc.oneof(
    fc.constant(RECORD),
    fc.constantFrom('a', 'b').map((k) => mergeBy(k)),
  ),
  delta: fc.integer({ min: 1, max: 5 }),
  dt: fc.integer({ min: 0, max: 2 * MERGE_WINDOW_MS }),
});

function applyEdits(edits: Edit[]) {
  let doc: Doc = { counter: 0, items: [] };
  let history: History<Doc> = emptyHistory();
  let now = 0;
  for (const e of edits) {
    now += e.dt;
    const next: Doc = { counter: doc.counter + e.delta, items: [...doc.items, `+${e.delta}`] };
    history = recordStep(history, doc, next, e.mode, now);
    doc = next;
  }
  return { doc, history };
}

describe('history', () => {
  it('undo k times then redo k times returns the same document, for any edit sequence', () => {
    fc.assert(
      fc.property(fc.array(editArb, { maxLength: 150 }), fc.nat(), (edits, kSeed) => {
        const start = applyEdits(edits);
        const k = start.history.past.length === 0 ? 0 : kSeed % (start.history.past.length + 1);
        let doc = start.doc;
        let history = start.history;
        for (let i = 0; i < k; i++) {
          const t = undo(history, doc);
          expect(t).not.toBeNull();
          if (!t) return;
          doc = t.document;
          history = t.history;
        }
        for (let i = 0; i < k; i++) {
          const t = redo(history, doc);
          expect(t).not.toBeNull();
          if (!t) return;
          doc = t.document;
          history = t.history;
        }
        expect(doc).toBe(start.doc);
        expect(history.past).toEqual(start.history.past);
      }),
    );
  });

  it('never holds more than 100 steps; the 101st edit drops the oldest', () => {
    fc.assert(
      fc.property(fc.array(editArb, { maxLength: 260 }), (edits) => {
        const { history } = applyEdits(edits);
        expect(history.past.length).toBeLessThanOrEqual(HISTORY_DEPTH);
      }),
    );
    const edits: Edit[] = Array.from({ length: 101 }, () => ({ mode: RECORD, delta: 1, dt: 0 }));
    let { doc, history } = applyEdits(edits);
    expect(history.past).toHaveLength(100);
    for (;;) {
      const t = undo(history, doc);
      if (!t) break;
      doc = t.document;
      history = t.history;
    }
    // The oldest state (counter 0) was dropped: undo stops at the state after the first edit.
    expect(doc.counter).toBe(1);
  });

  it('a burst of merged edits is one step and undo restores the state before the burst', () => {
    const burst: Edit[] = Array.from({ length: 12 }, () => ({ mode: mergeBy('nudge'), delta: 1, dt: 50 }));
    const { doc, history } = applyEdits([{ mode: RECORD, delta: 10, dt: 0 }, ...burst]);
    expect(history.past).toHaveLength(2);
    expect(doc.counter).toBe(22);
    const t = undo(history, doc);
    expect(t?.document.counter).toBe(10);
  });

  it('a pause longer than the merge window starts a new step, and another key never merges', () => {
    const { history: paused } = applyEdits([
      { mode: mergeBy('k'), delta: 1, dt: 0 },
      { mode: mergeBy('k'), delta: 1, dt: MERGE_WINDOW_MS + 1 },
    ]);
    expect(paused.past).toHaveLength(2);
    const { history: otherKey } = applyEdits([
      { mode: mergeBy('k'), delta: 1, dt: 0 },
      { mode: mergeBy('j'), delta: 1, dt: 10 },
    ]);
    expect(otherKey.past).toHaveLength(2);
  });

  it('a new edit clears redo; undo on empty history is null; a no-op edit records nothing', () => {
    const { doc, history } = applyEdits([{ mode: RECORD, delta: 1, dt: 0 }]);
    const t = undo(history, doc);
    if (!t) throw new Error('expected undo');
    expect(t.history.future).toHaveLength(1);
    const after = recordStep(t.history, t.document, { counter: 5, items: [] }, RECORD, 0);
    expect(after.future).toHaveLength(0);
    expect(undo(emptyHistory<Doc>(), doc)).toBeNull();
    expect(redo(emptyHistory<Doc>(), doc)).toBeNull();
    expect(recordStep(history, doc, doc, RECORD, 0)).toBe(history);
  });

  it('entries share structure with the documents (no copies)', () => {
    const shared = ['x'];
    const a = { counter: 0, items: shared };
    const b = { counter: 1, items: shared };
    const h = recordStep(emptyHistory<typeof a>(), a, b, RECORD, 0);
    expect(h.past[0]).toBe(a);
    expect(h.past[0]?.items).toBe(b.items);
  });
});
