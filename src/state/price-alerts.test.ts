import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lineValueAt } from '../../core/alerts/alert-conditions';
import { twoPaneDocument } from '../test/test-documents';
import { createDrawing, deleteAnnotation } from './annotation-edits';
import { validateDocument } from './document-schema';
import { RECORD, THROUGHOUT } from './history';
import {
  addAlert,
  alertDescription,
  alertSpecsOf,
  alertStatus,
  alertsOf,
  deleteAlert,
  markAlertFired,
  NO_LINE_TO_WATCH,
  shapeOfDrawing,
  unwatchedReason,
  updateAlert,
} from './price-alerts';
import { priceInWords } from './price-words';
import { rebaseOnRemote } from './remote-change';
import type { Annotation, PriceAlert, WorkspaceDocument } from './workspace-document';
import { closePane } from './workspace-edits';
import { createWorkspaceStore } from './workspace-store';

const levelAlert = (patch: Partial<PriceAlert> = {}): PriceAlert => ({
  id: 'a1',
  symbol: 'SPX',
  price: 3000,
  condition: 'crosses',
  message: 'SPX at 3000',
  armedAt: 10,
  ...patch,
});

function withDrawing(kind: Annotation['kind'], points: { time: number; price: number }[], paneOnly = false) {
  const drawing = { ...createDrawing('p1', kind, points), symbol: 'SPX', ...(paneOnly ? { paneOnly } : {}) };
  const doc: WorkspaceDocument = { ...twoPaneDocument(), annotations: { [drawing.id]: drawing } };
  return { doc, drawing };
}

describe('price alert edits', () => {
  it('add, edit and delete an alert; the document stays valid', () => {
    const added = addAlert(twoPaneDocument(), levelAlert());
    expect(alertsOf(added)).toEqual([levelAlert()]);
    expect(validateDocument(added).ok).toBe(true);
    const edited = updateAlert(added, 'a1', { message: 'new' }, 50);
    expect(edited.alerts?.a1).toEqual(levelAlert({ message: 'new' }));
    expect(deleteAlert(edited, 'a1').alerts).toEqual({});
    expect(deleteAlert(edited, 'nope')).toBe(edited);
  });

  it('refuses an alert without a price, or with a condition its target has not', () => {
    const doc = twoPaneDocument();
    expect(addAlert(doc, levelAlert({ price: undefined }))).toBe(doc);
    expect(addAlert(doc, levelAlert({ condition: 'enters' }))).toBe(doc);
    expect(addAlert(doc, levelAlert({ annotationId: 'missing' }))).toBe(doc);
    const { doc: channel, drawing } = withDrawing('parallel-channel', [
      { time: 0, price: 1 },
      { time: 10, price: 2 },
      { time: 5, price: 3 },
    ]);
    const onChannel = levelAlert({ annotationId: drawing.id, price: undefined, condition: 'enters' });
    expect(addAlert(channel, onChannel).alerts?.a1).toEqual(onChannel);
    expect(addAlert(channel, { ...onChannel, condition: 'crosses' })).toBe(channel);
  });

  it('fired and expired are statuses; an edit of what it watches or of its expiry arms it again', () => {
    const fired = markAlertFired(addAlert(twoPaneDocument(), levelAlert()), 'a1', 10, {
      at: 20,
      price: 3001,
    });
    const alert = fired.alerts?.a1 as PriceAlert;
    expect(alertStatus(alert, 30)).toBe('fired');
    expect(alertStatus(levelAlert({ expiresAt: 30 }), 29)).toBe('active');
    expect(alertStatus(levelAlert({ expiresAt: 30 }), 30)).toBe('expired');
    // A new message only: still fired.
    expect(updateAlert(fired, 'a1', { message: 'x' }, 40).alerts?.a1?.fired).toBeDefined();
    const rearmed = updateAlert(fired, 'a1', { price: 3100 }, 40).alerts?.a1;
    expect(rearmed).toMatchObject({ price: 3100, armedAt: 40 });
    expect(rearmed?.fired).toBeUndefined();
    expect(updateAlert(fired, 'a1', { expiresAt: null }, 40)).toBe(fired);
    const noExpiry = updateAlert(
      addAlert(twoPaneDocument(), levelAlert({ expiresAt: 5 })),
      'a1',
      { expiresAt: null },
      40,
    );
    expect(noExpiry.alerts?.a1?.expiresAt).toBeUndefined();
  });

  it('marking fired is for its arming only, and only once', () => {
    const doc = addAlert(twoPaneDocument(), levelAlert());
    expect(markAlertFired(doc, 'a1', 9, { at: 1, price: 1 })).toBe(doc);
    const once = markAlertFired(doc, 'a1', 10, { at: 1, price: 1 });
    expect(markAlertFired(once, 'a1', 10, { at: 2, price: 2 })).toBe(once);
  });

  it('a drawing deleted, or closed with its pane, takes its alerts', () => {
    const { doc, drawing } = withDrawing('horizontal-line', [{ time: 0, price: 3000 }]);
    const alert = levelAlert({ annotationId: drawing.id, price: undefined });
    const withAlert = addAlert(doc, alert);
    expect(withAlert.alerts?.a1).toEqual(alert);
    expect(deleteAnnotation(withAlert, drawing.id).alerts).toEqual({});
    const { doc: own, drawing: mine } = withDrawing('horizontal-line', [{ time: 0, price: 3000 }], true);
    const ownAlert = addAlert(own, levelAlert({ annotationId: mine.id, price: undefined }));
    expect(closePane(ownAlert, 'p1').alerts).toEqual({});
    expect(validateDocument({ ...doc, alerts: { a1: alert } }).ok).toBe(true);
    expect(validateDocument({ ...twoPaneDocument(), alerts: { a1: alert } })).toEqual({
      ok: false,
      problem: `alerts.a1.annotationId: annotation "${drawing.id}" does not exist`,
    });
    expect(validateDocument({ ...doc, alerts: { a1: { ...alert, condition: 'enters' } } })).toEqual({
      ok: false,
      problem:
        'alerts.a1.condition: expected crosses or crosses-up or crosses-down on a horizontal-line, got "enters"',
    });
  });
});

describe('firing is not an edit', () => {
  it('is in every undo and redo snapshot of the same arming, so no undo or redo arms it again', () => {
    const store = createWorkspaceStore(twoPaneDocument());
    store.apply((d) => addAlert(d, levelAlert()), RECORD);
    store.apply((d) => addAlert(d, levelAlert({ id: 'a2', price: 10 })), RECORD);
    const depth = store.reader.state.getState().history.past.length;
    expect(store.apply((d) => markAlertFired(d, 'a1', 10, { at: 5, price: 3001 }), THROUGHOUT)).toBe(true);
    expect(store.reader.state.getState().history.past.length).toBe(depth);
    store.undo();
    expect(store.reader.getDocument().alerts?.a1?.fired).toEqual({ at: 5, price: 3001 });
    expect(store.reader.getDocument().alerts?.a2).toBeUndefined();
    store.undo();
    expect(store.reader.getDocument().alerts?.a1).toBeUndefined();
    store.redo();
    store.redo();
    expect(store.reader.getDocument().alerts?.a1?.fired).toBeDefined();
  });

  it('an undo of the edit that armed it again brings back the earlier firing', () => {
    const store = createWorkspaceStore(addAlert(twoPaneDocument(), levelAlert()));
    store.apply((d) => markAlertFired(d, 'a1', 10, { at: 5, price: 3001 }), THROUGHOUT);
    store.apply((d) => updateAlert(d, 'a1', { price: 3100 }, 100), RECORD);
    store.apply((d) => markAlertFired(d, 'a1', 100, { at: 150, price: 3101 }), THROUGHOUT);
    store.undo();
    expect(store.reader.getDocument().alerts?.a1).toMatchObject({ price: 3000, fired: { at: 5 } });
  });

  it("another tab's alert edit is taken into this tab's document", () => {
    const base = twoPaneDocument();
    const remote = addAlert(base, levelAlert());
    const rebased = rebaseOnRemote(
      { document: base, history: { past: [], future: [], mergeKey: null, mergedAt: 0 } },
      base,
      remote,
    );
    expect(rebased.document.alerts?.a1).toEqual(levelAlert());
  });
});

describe('what the worker is told', () => {
  it('active alerts only, a level as a level, a drawing as its line or band', () => {
    const { doc, drawing } = withDrawing('extended-line', [
      { time: 100, price: 10 },
      { time: 200, price: 20 },
    ]);
    let next = addAlert(doc, levelAlert());
    next = addAlert(next, levelAlert({ id: 'a2', annotationId: drawing.id, price: undefined, armedAt: 11 }));
    next = addAlert(next, levelAlert({ id: 'old', expiresAt: 5, armedAt: 1 }));
    next = markAlertFired(addAlert(next, levelAlert({ id: 'done', armedAt: 12 })), 'done', 12, {
      at: 1,
      price: 1,
    });
    const specs = alertSpecsOf(next, 10);
    expect(specs.map((s) => s.id)).toEqual(['a1', 'a2']);
    expect(specs[0]?.shape).toEqual({ kind: 'line', line: { kind: 'level', price: 3000 } });
    expect(specs[1]?.shape).toEqual({
      kind: 'line',
      line: { kind: 'sloped', t1: 100, p1: 10, t2: 200, p2: 20, since: null, until: null },
    });
  });

  it('an alert whose drawing is dragged to points at one time is not watched, and says why, until it has a line again', () => {
    const { doc, drawing } = withDrawing('trend-line', [
      { time: 100, price: 10 },
      { time: 200, price: 20 },
    ]);
    const withAlert = addAlert(doc, levelAlert({ id: 'a1', annotationId: drawing.id, price: undefined }));
    const alert = withAlert.alerts?.a1 as PriceAlert;
    expect(unwatchedReason(withAlert, alert)).toBeNull();
    const moved = (points: { time: number; price: number }[]) => ({
      ...withAlert,
      annotations: { ...withAlert.annotations, [drawing.id]: { ...drawing, points } },
    });
    const flat = moved([
      { time: 100, price: 10 },
      { time: 100, price: 20 },
    ]);
    expect(alertStatus(alert, 10)).toBe('active');
    expect(unwatchedReason(flat, alert)).toBe(NO_LINE_TO_WATCH);
    expect(alertSpecsOf(flat, 10)).toEqual([]);
    const again = moved([
      { time: 100, price: 10 },
      { time: 300, price: 20 },
    ]);
    expect(unwatchedReason(again, alert)).toBeNull();
    expect(alertSpecsOf(again, 10).map((s) => s.id)).toEqual(['a1']);
    // An alert on a price level always has its level.
    expect(unwatchedReason(flat, levelAlert())).toBeNull();
  });

  it("a sloped line's alert is read along the bars it recorded, the data's own bars when it has none", () => {
    const { doc, drawing } = withDrawing('trend-line', [
      { time: 100, price: 10 },
      { time: 200, price: 20 },
    ]);
    const bars = { interval: '1h', sessionOnly: true } as const;
    let next = addAlert(doc, levelAlert({ id: 'a1', annotationId: drawing.id, price: undefined, bars }));
    next = addAlert(next, levelAlert({ id: 'a2', annotationId: drawing.id, price: undefined, armedAt: 11 }));
    expect(validateDocument(next).ok).toBe(true);
    expect(alertSpecsOf(next, 10).map((s) => s.bars)).toEqual([
      { interval: '1h', sessionOnly: true },
      { interval: null, sessionOnly: false },
    ]);
    expect(alertDescription(next, next.alerts?.a1 as PriceAlert)).toBe(
      'SPX crosses trend line on 1h session bars',
    );
    expect(alertDescription(next, next.alerts?.a2 as PriceAlert)).toBe('SPX crosses trend line');
    // A saved document with bars that are not bars is refused, and says where.
    const broken = { ...next, alerts: { a1: { ...next.alerts?.a1, bars: { interval: 'often' } } } };
    const result = validateDocument(JSON.parse(JSON.stringify(broken)));
    expect(result.ok).toBe(false);
    expect(result.ok ? '' : result.problem).toContain('alerts.a1.bars.interval');
  });

  it('a trend line exists between its anchors, a ray from its first anchor on, either way it points', () => {
    const shape = (kind: Annotation['kind'], a: number, b: number) => {
      const s = shapeOfDrawing(
        withDrawing(kind, [
          { time: a, price: a },
          { time: b, price: b },
        ]).drawing,
      );
      return s?.kind === 'line' ? s.line : null;
    };
    const segment = shape('trend-line', 100, 200);
    expect(
      segment && [lineValueAt(segment, 99), lineValueAt(segment, 150), lineValueAt(segment, 201)],
    ).toEqual([null, 150, null]);
    const ray = shape('ray', 100, 200);
    expect(ray && [lineValueAt(ray, 99), lineValueAt(ray, 1000)]).toEqual([null, 1000]);
    const backwards = shape('ray', 200, 100);
    expect(backwards && [lineValueAt(backwards, 0), lineValueAt(backwards, 201)]).toEqual([0, null]);
  });

  it('a trend line extended right (later) or left (earlier) is alerted on past its anchors that way', () => {
    const { drawing } = withDrawing('trend-line', [
      { time: 100, price: 100 },
      { time: 200, price: 200 },
    ]);
    const right = shapeOfDrawing({ ...drawing, extendRight: true });
    const left = shapeOfDrawing({ ...drawing, extendLeft: true });
    const at = (s: typeof right, t: number) => (s?.kind === 'line' ? lineValueAt(s.line, t) : undefined);
    expect([at(right, 99), at(right, 1000)]).toEqual([null, 1000]);
    expect([at(left, 0), at(left, 201)]).toEqual([0, null]);
  });

  it("a channel's band is its line and the parallel through the third anchor, at every time", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -50, max: 50 }),
        fc.integer({ min: 1, max: 1000 }),
        fc.integer({ min: 0, max: 1000 }),
        (p0, dt, at) => {
          const points = [
            { time: 0, price: p0 },
            { time: dt, price: p0 + 10 },
            { time: dt / 2, price: p0 + 50 },
          ];
          const s = shapeOfDrawing(withDrawing('parallel-channel', points).drawing);
          if (s?.kind !== 'band') throw new Error('not a band');
          const t = Math.min(at, dt);
          const lower = lineValueAt(s.lower, t) as number;
          const upper = lineValueAt(s.upper, t) as number;
          expect(upper - lower).toBeCloseTo(45, 6);
        },
      ),
    );
  });
});

describe('alert prices in words', () => {
  it('keep six significant digits, and cents above a thousand', () => {
    expect(
      [1.08345, 0.0356123, 94_012.5, 94_000, 2874.5612345, 38_120, 0.00002345].map(priceInWords),
    ).toEqual(['1.08345', '0.0356123', '94,012.5', '94,000', '2,874.56', '38,120', '0.00002345']);
    // The SPX fixture's last close, 2874.56 read back from a float32.
    expect(priceInWords(Math.fround(2874.56))).toBe('2,874.56');
  });
});
