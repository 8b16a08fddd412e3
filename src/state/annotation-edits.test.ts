import { describe, expect, it } from 'vitest';
import {
  addAnnotation,
  annotationsOf,
  copyAnnotation,
  createAnnotation,
  deleteAnnotation,
  moveAnnotation,
  setPaneOnly,
  shownOn,
  updateAnnotation,
} from './annotation-edits';
import { RECORD } from './history';
import type { PaneState, WorkspaceDocument } from './workspace-document';
import { closePane } from './workspace-edits';
import { createWorkspaceStore } from './workspace-store';

const doc: WorkspaceDocument = {
  version: 1,
  layout: { type: 'split', direction: 'row', children: ['p1', 'p2'] },
  panes: {
    p1: { id: 'p1', kind: 'candlestick', symbol: 'SPX', linkGroup: null, settings: {} },
    p2: { id: 'p2', kind: 'candlestick', symbol: 'SPX', linkGroup: null, settings: {} },
  },
  annotations: {},
  theme: 'default',
  maximizedPaneId: null,
};

describe('annotation edits', () => {
  it('kinds carry only their coordinates', () => {
    expect(createAnnotation('p1', 'horizontal-line', 5, 10)).not.toHaveProperty('time');
    expect(createAnnotation('p1', 'vertical-line', 5, 10)).not.toHaveProperty('price');
    expect(createAnnotation('p1', 'cross-line', 5, 10)).toMatchObject({ time: 5, price: 10 });
  });

  it('a locked annotation refuses moves and deletion until unlocked', () => {
    const a = createAnnotation('p1', 'cross-line', 5, 10);
    let d = updateAnnotation(addAnnotation(doc, a), a.id, { locked: true });
    expect(moveAnnotation(d, a.id, { time: 6, price: 11 })).toBe(d);
    expect(deleteAnnotation(d, a.id)).toBe(d);
    d = updateAnnotation(d, a.id, { locked: false });
    expect(moveAnnotation(d, a.id, { time: 6, price: 11 }).annotations[a.id]).toMatchObject({
      time: 6,
      price: 11,
    });
    expect(deleteAnnotation(d, a.id).annotations[a.id]).toBeUndefined();
  });

  it('an annotation for a missing pane is not added; copies get new ids and the target pane', () => {
    const a = createAnnotation('nope', 'cross-line', 5, 10);
    expect(addAnnotation(doc, a)).toBe(doc);
    const copy = copyAnnotation(createAnnotation('p1', 'horizontal-line', 5, 10, { label: 'L' }), 'p2');
    expect(copy).toMatchObject({ paneId: 'p2', kind: 'horizontal-line', price: 10, label: 'L' });
    expect(copy).not.toHaveProperty('time');
  });

  it('every add, move, edit and delete is one undo step; closing a pane and undoing restores both', () => {
    const store = createWorkspaceStore(doc);
    const a = createAnnotation('p2', 'cross-line', 5, 10, { paneOnly: true });
    store.apply((d) => addAnnotation(d, a), RECORD);
    store.apply((d) => moveAnnotation(d, a.id, { time: 7, price: 12 }), RECORD);
    store.apply((d) => updateAnnotation(d, a.id, { label: 'x' }), RECORD);
    store.apply((d) => closePane(d, 'p2'), RECORD);
    expect(store.reader.getDocument().annotations).toEqual({});
    store.undo();
    expect(store.reader.getDocument().panes.p2).toBeDefined();
    expect(store.reader.getDocument().annotations[a.id]).toMatchObject({ label: 'x', time: 7 });
    store.undo();
    store.undo();
    expect(store.reader.getDocument().annotations[a.id]).toMatchObject({ time: 5, price: 10, label: '' });
    store.undo();
    expect(store.reader.getDocument().annotations[a.id]).toBeUndefined();
  });

  it('a drawing belongs to the symbol its pane shows: every chart of it shows it, and it outlives the pane', () => {
    const twoOfOne = {
      ...doc,
      panes: { ...doc.panes, p2: { ...(doc.panes.p2 as PaneState), symbol: doc.panes.p1?.symbol ?? '' } },
    };
    const shared = createAnnotation('p1', 'cross-line', 5, 10);
    const own = createAnnotation('p1', 'horizontal-line', 5, 11, { paneOnly: true });
    let d = addAnnotation(addAnnotation(twoOfOne, shared), own);
    expect(d.annotations[shared.id]?.symbol).toBe(doc.panes.p1?.symbol);
    expect(annotationsOf(d, 'p1').map((a) => a.id)).toEqual([shared.id, own.id]);
    expect(annotationsOf(d, 'p2').map((a) => a.id)).toEqual([shared.id]);
    d = closePane(d, 'p1');
    expect(Object.keys(d.annotations)).toEqual([shared.id]);
    expect(annotationsOf(d, 'p2').map((a) => a.id)).toEqual([shared.id]);
    // A copy pasted into a pane of another symbol belongs to that symbol.
    const other = { ...doc.panes.p2, id: 'p2', symbol: 'ZZZ' } as PaneState;
    const pasted = addAnnotation({ ...d, panes: { ...d.panes, p2: other } }, copyAnnotation(shared, 'p2'));
    expect(
      Object.values(pasted.annotations)
        .map((a) => a.symbol)
        .sort(),
    ).toEqual([doc.panes.p1?.symbol, 'ZZZ']);
  });

  it('"this pane only" makes the pane it is set from its home; a pane that does not show it cannot keep it', () => {
    const shared = createAnnotation('p1', 'cross-line', 5, 10);
    const d = addAnnotation(doc, shared);
    const kept = setPaneOnly(d, shared.id, 'p2', true);
    expect(kept.annotations[shared.id]).toMatchObject({ paneOnly: true, paneId: 'p2' });
    expect(annotationsOf(kept, 'p1')).toEqual([]);
    expect(setPaneOnly(kept, shared.id, 'p1', false).annotations[shared.id]?.paneOnly).toBe(false);
    // From a pane of another symbol it stays home where it was.
    const elsewhere = { ...d, panes: { ...d.panes, p2: { ...(d.panes.p2 as PaneState), symbol: 'ZZZ' } } };
    expect(setPaneOnly(elsewhere, shared.id, 'p2', true).annotations[shared.id]?.paneId).toBe('p1');
  });

  it('an annotation saved before drawings had a symbol stays on its pane only', () => {
    const { symbol: _none, ...legacy } = {
      ...createAnnotation('p1', 'cross-line', 5, 10),
      symbol: undefined,
    };
    const d = { ...doc, annotations: { [legacy.id]: legacy } };
    expect(shownOn(legacy, doc.panes.p1)).toBe(true);
    expect(shownOn(legacy, { id: 'p2', symbol: doc.panes.p1?.symbol ?? '' })).toBe(false);
    expect(closePane(d, 'p1').annotations).toEqual({});
  });
});
