/**
 * Price alerts in the document: pure edits (add, update, delete), their status, and what the data
 * worker is told about the active ones (their drawing's line or band, resolved here).
 *
 * Creating, editing and deleting an alert are edits of the user, recorded in history. Firing is not:
 * the tick that fired it happened whatever the user undoes, so `markAlertFired` is applied to the
 * document and to every undo and redo snapshot holding the same arming (history mode `throughout`),
 * and no undo arms a fired alert again. Expiry is not written at all: an alert past its `expiresAt`
 * is expired by the clock.
 */

import {
  type AlertCondition,
  type AlertLine,
  type AlertShape,
  type AlertSpec,
  BAND_CONDITIONS,
  LINE_CONDITIONS,
} from '../../core/alerts/alert-types';
import { KIND_SPECS } from './drawing-kinds';
import { priceInWords } from './price-words';
import type { Annotation, AnnotationKind, PriceAlert, WorkspaceDocument } from './workspace-document';

export type AlertStatus = 'active' | 'fired' | 'expired';

export const MAX_ALERT_MESSAGE = 200;

/** The drawings an alert can follow, and whether each is a line (crossings) or a band (enter, exit). */
const ALERTABLE: Partial<Record<AnnotationKind, 'line' | 'band'>> = {
  'horizontal-line': 'line',
  'horizontal-ray': 'line',
  'trend-line': 'line',
  ray: 'line',
  'extended-line': 'line',
  'parallel-channel': 'band',
  rectangle: 'band',
};

export const CONDITION_NAMES: Readonly<Record<AlertCondition, string>> = {
  crosses: 'Crosses',
  'crosses-up': 'Crosses up',
  'crosses-down': 'Crosses down',
  enters: 'Enters',
  exits: 'Exits',
};

export function isAlertable(kind: AnnotationKind): boolean {
  return ALERTABLE[kind] !== undefined;
}

/** Drawings whose line slopes: an alert on one follows the bars of the chart it was set on. */
const SLOPED: ReadonlySet<AnnotationKind> = new Set([
  'trend-line',
  'ray',
  'extended-line',
  'parallel-channel',
]);

export function slopes(kind: AnnotationKind): boolean {
  return SLOPED.has(kind);
}

/** `on 1h bars`, `on session bars`, `on 1h session bars`; empty for the data's own bars, all of them. */
export function barsText(bars: PriceAlert['bars']): string {
  const words = [bars?.interval, bars?.sessionOnly ? 'session' : undefined].filter(Boolean);
  return words.length === 0 ? '' : `on ${words.join(' ')} bars`;
}

/** The conditions an alert on this drawing (or on a price level, for none) can have. */
export function conditionsFor(kind: AnnotationKind | null): readonly AlertCondition[] {
  if (kind === null) return LINE_CONDITIONS;
  return ALERTABLE[kind] === 'band' ? BAND_CONDITIONS : ALERTABLE[kind] === 'line' ? LINE_CONDITIONS : [];
}

export function alertStatus(alert: PriceAlert, now: number): AlertStatus {
  if (alert.fired) return 'fired';
  return alert.expiresAt !== undefined && now >= alert.expiresAt ? 'expired' : 'active';
}

/** When the next of the active alerts expires (ms), or Infinity when none will. */
export function nextExpiry(alerts: readonly PriceAlert[], now: number): number {
  let next = Number.POSITIVE_INFINITY;
  for (const a of alerts) {
    if (!a.fired && a.expiresAt !== undefined && a.expiresAt > now && a.expiresAt < next) next = a.expiresAt;
  }
  return next;
}

/** The alerts, oldest armed first. */
export function alertsOf(doc: WorkspaceDocument): PriceAlert[] {
  return Object.values(doc.alerts ?? {}).sort((a, b) => a.armedAt - b.armedAt || a.id.localeCompare(b.id));
}

/** The alerts on a drawing. */
export function alertsOnDrawing(doc: WorkspaceDocument, annotationId: string): PriceAlert[] {
  return alertsOf(doc).filter((a) => a.annotationId === annotationId);
}

let counter = 0;
export function newAlertId(): string {
  counter += 1;
  return `alert-${Date.now().toString(36)}-${counter.toString(36)}`;
}

/** An alert's drawing is no longer in the document. */
const DRAWING_GONE = 'The drawing of this alert is gone';

/** Why the alert cannot be saved as it is (no price, a condition its drawing has not...), or null. */
export function alertProblem(doc: WorkspaceDocument, alert: PriceAlert): string | null {
  const drawing = alert.annotationId === undefined ? undefined : doc.annotations[alert.annotationId];
  if (alert.annotationId !== undefined && !drawing) return DRAWING_GONE;
  if (drawing && !isAlertable(drawing.kind))
    return `A ${KIND_SPECS[drawing.kind].name.toLowerCase()} cannot have an alert`;
  if (!drawing && (alert.price === undefined || !Number.isFinite(alert.price)))
    return 'An alert on a price level needs a price';
  if (!conditionsFor(drawing?.kind ?? null).includes(alert.condition))
    return `"${CONDITION_NAMES[alert.condition]}" does not apply to ${drawing ? 'this drawing' : 'a price level'}`;
  if (alert.message.length > MAX_ALERT_MESSAGE)
    return `A message has at most ${MAX_ALERT_MESSAGE} characters`;
  if (alert.expiresAt !== undefined && !Number.isFinite(alert.expiresAt)) return 'The expiry is not a time';
  return null;
}

export function addAlert(doc: WorkspaceDocument, alert: PriceAlert): WorkspaceDocument {
  if (alertProblem(doc, alert) !== null) return doc;
  return { ...doc, alerts: { ...doc.alerts, [alert.id]: alert } };
}

export type AlertPatch = Partial<Pick<PriceAlert, 'condition' | 'price' | 'message'>> & {
  /** A time, or null to remove the expiry. */
  readonly expiresAt?: number | null;
};

/**
 * Edits an alert. A change of what it watches (condition, price) or of its expiry arms it again at
 * `now` (a fired or expired alert becomes active); a new message alone does not.
 */
export function updateAlert(
  doc: WorkspaceDocument,
  id: string,
  patch: AlertPatch,
  now: number,
): WorkspaceDocument {
  const alert = doc.alerts?.[id];
  if (!alert) return doc;
  const { expiresAt, ...rest } = patch;
  const next: PriceAlert = { ...alert, ...rest };
  if (expiresAt === null) delete next.expiresAt;
  else if (expiresAt !== undefined) next.expiresAt = expiresAt;
  const rearm =
    next.condition !== alert.condition || next.price !== alert.price || next.expiresAt !== alert.expiresAt;
  if (!rearm && next.message === alert.message) return doc;
  if (rearm) {
    next.armedAt = Math.max(now, alert.armedAt + 1);
    delete next.fired;
  }
  if (alertProblem(doc, next) !== null) return doc;
  return { ...doc, alerts: { ...doc.alerts, [id]: next } };
}

export function deleteAlert(doc: WorkspaceDocument, id: string): WorkspaceDocument {
  if (!doc.alerts?.[id]) return doc;
  const { [id]: _gone, ...rest } = doc.alerts;
  return { ...doc, alerts: rest };
}

/**
 * Marks the alert's arming `armedAt` as fired. Documents without that arming (the alert absent,
 * edited since, or fired already) are returned as they are, which is what lets this run over every
 * history snapshot.
 */
export function markAlertFired(
  doc: WorkspaceDocument,
  id: string,
  armedAt: number,
  fired: { at: number; price: number },
): WorkspaceDocument {
  const alert = doc.alerts?.[id];
  if (!alert || alert.armedAt !== armedAt || alert.fired) return doc;
  return { ...doc, alerts: { ...doc.alerts, [id]: { ...alert, fired } } };
}

/** Alerts whose drawing is not in the document any more (the rule after a drawing goes). */
export function withoutOrphanAlerts(doc: WorkspaceDocument): WorkspaceDocument {
  const alerts = doc.alerts;
  if (!alerts) return doc;
  const orphans = Object.values(alerts).filter(
    (a) => a.annotationId !== undefined && !doc.annotations[a.annotationId],
  );
  if (orphans.length === 0) return doc;
  const next = { ...alerts };
  for (const orphan of orphans) delete next[orphan.id];
  return { ...doc, alerts: next };
}

/** The line through a two-point drawing, as far as the drawing reaches (a segment, a ray, a line). */
type SlopedLine = Extract<AlertLine, { kind: 'sloped' }>;

/**
 * The line through a two-point drawing's anchors, reaching on past the first anchor (`back`) or the
 * second (`forward`) as its kind does (a ray forward, an extended line both ways), and past its
 * earlier or later end where the drawing is extended left or right.
 */
function lineThrough(drawing: Annotation, back: boolean, forward: boolean): SlopedLine | null {
  const [a, b] = drawing.points ?? [];
  if (!a || !b || a.time === b.time) return null;
  const inOrder = a.time <= b.time;
  const [first, second] = inOrder ? [a, b] : [b, a];
  const reachEarlier = drawing.extendLeft === true || (inOrder ? back : forward);
  const reachLater = drawing.extendRight === true || (inOrder ? forward : back);
  return {
    kind: 'sloped',
    t1: first.time,
    p1: first.price,
    t2: second.time,
    p2: second.price,
    since: reachEarlier ? null : first.time,
    until: reachLater ? null : second.time,
  };
}

/** What the drawing is to an alert: its line, or its band; null for a drawing that is neither. */
export function shapeOfDrawing(drawing: Annotation): AlertShape | null {
  switch (drawing.kind) {
    case 'horizontal-line':
      return drawing.price === undefined
        ? null
        : { kind: 'line', line: { kind: 'level', price: drawing.price } };
    case 'horizontal-ray': {
      if (drawing.price === undefined || drawing.time === undefined) return null;
      const { time, price } = drawing;
      return {
        kind: 'line',
        line: { kind: 'sloped', t1: time, p1: price, t2: time + 1, p2: price, since: time, until: null },
      };
    }
    case 'trend-line':
    case 'ray':
    case 'extended-line': {
      const line = lineThrough(drawing, drawing.kind === 'extended-line', drawing.kind !== 'trend-line');
      return line ? { kind: 'line', line } : null;
    }
    case 'parallel-channel': {
      const line = lineThrough(drawing, false, false);
      const third = drawing.points?.[2];
      if (!line || !third) return null;
      // The parallel through the third anchor: the same line moved by its distance in price there.
      const slope = (line.p2 - line.p1) / (line.t2 - line.t1);
      const offset = third.price - (line.p1 + slope * (third.time - line.t1));
      return { kind: 'band', lower: line, upper: { ...line, p1: line.p1 + offset, p2: line.p2 + offset } };
    }
    case 'rectangle': {
      const [a, b] = drawing.points ?? [];
      if (!a || !b) return null;
      const since = Math.min(a.time, b.time);
      const until = Math.max(a.time, b.time);
      const edge = (price: number): AlertLine => ({
        kind: 'sloped',
        t1: since,
        p1: price,
        t2: since + 1,
        p2: price,
        since,
        until,
      });
      return {
        kind: 'band',
        lower: edge(Math.min(a.price, b.price)),
        upper: edge(Math.max(a.price, b.price)),
      };
    }
    default:
      return null;
  }
}

/** Why a drawing with all its points at one time takes no alert (a price there could never cross it). */
export const NO_LINE_TO_WATCH =
  "The drawing's points are at one time: it has no line to watch. Move a point to another bar";

/**
 * Why an alert is not watched although it is active, or null when it is: its drawing was dragged
 * into a shape with no line (all points at one time), so `alertSpecsOf` gives the worker nothing for
 * it. It is watched again once the drawing has a line.
 */
export function unwatchedReason(doc: WorkspaceDocument, alert: PriceAlert): string | null {
  if (alert.annotationId === undefined) return null;
  const drawing = doc.annotations[alert.annotationId];
  if (!drawing) return DRAWING_GONE;
  return shapeOfDrawing(drawing) ? null : NO_LINE_TO_WATCH;
}

/**
 * The active alerts (not fired, not expired at `now`) as the data worker evaluates them; those with
 * an `unwatchedReason` are left out.
 */
export function alertSpecsOf(doc: WorkspaceDocument, now: number): AlertSpec[] {
  return alertsOf(doc).flatMap((alert): AlertSpec[] => {
    if (alertStatus(alert, now) !== 'active') return [];
    const drawing = alert.annotationId === undefined ? undefined : doc.annotations[alert.annotationId];
    const shape: AlertShape | null = drawing
      ? shapeOfDrawing(drawing)
      : alert.annotationId === undefined && alert.price !== undefined
        ? { kind: 'line', line: { kind: 'level', price: alert.price } }
        : null;
    if (!shape) return [];
    return [
      {
        id: alert.id,
        symbol: alert.symbol,
        condition: alert.condition,
        shape,
        bars: { interval: alert.bars?.interval ?? null, sessionOnly: alert.bars?.sessionOnly === true },
        expiresAt: alert.expiresAt ?? null,
        armedAt: alert.armedAt,
      },
    ];
  });
}

/** The price an alert watches now, in words: its level, or its drawing. */
export function alertTarget(doc: WorkspaceDocument, alert: PriceAlert): string {
  if (alert.annotationId === undefined) return alert.price === undefined ? '' : priceInWords(alert.price);
  const drawing = doc.annotations[alert.annotationId];
  if (!drawing) return 'a deleted drawing';
  const name = KIND_SPECS[drawing.kind].name.toLowerCase();
  if (drawing.kind === 'horizontal-line' && drawing.price !== undefined)
    return `${name} at ${priceInWords(drawing.price)}`;
  const bars = slopes(drawing.kind) ? barsText(alert.bars) : '';
  return bars ? `${name} ${bars}` : name;
}

/** A one-line description, unique enough for button names: `BTCUSDT crosses horizontal line at 94,000`. */
export function alertDescription(doc: WorkspaceDocument, alert: PriceAlert): string {
  return `${alert.symbol} ${CONDITION_NAMES[alert.condition].toLowerCase()} ${alertTarget(doc, alert)}`;
}
