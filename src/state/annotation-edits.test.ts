import { describe, expect, it } from 'vitest';
import {
  addAnnotation,
  copyAnnotation,
  createAnnotation,
  deleteAnnotation,
  moveAnnotation,
  updateAnnotation,
} from './annotation-edits';
import { RECORD } from './history';
import type { WorkspaceDocument } from './workspace-document';
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
    const a = createAnnotation('p2', 'cross-line', 5, 10);
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
});
