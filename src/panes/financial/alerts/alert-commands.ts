/**
 * Price alerts as commands: open the alert dialog for a drawing or the chart's price (palette, pane
 * menu, the drawing's editor, `Alt+A`), create, edit and delete (each a recorded step), the panel,
 * the sound setting, the browser's permission, and the worker's report of a firing (a fact written
 * throughout history, not a step: src/state/price-alerts.ts).
 */

import type { AlertFired } from '../../../../core/protocol';
import { type Command, type CommandContext, defineCommand } from '../../../commands/command';
import { roundToDecimals } from '../../../data/price-format';
import { notify, openDialog } from '../../../session/session-actions';
import type { AlertEditorRequest, SymbolCatalog } from '../../../session/session-store';
import { shownOn } from '../../../state/annotation-edits';
import { RECORD, THROUGHOUT } from '../../../state/history';
import {
  type AlertPatch,
  addAlert,
  alertDescription,
  alertProblem,
  deleteAlert,
  isAlertable,
  markAlertFired,
  NO_LINE_TO_WATCH,
  shapeOfDrawing,
  slopes,
  updateAlert,
} from '../../../state/price-alerts';
import { priceInWords } from '../../../state/price-words';
import type { Annotation, PaneState, PriceAlert } from '../../../state/workspace-document';
import { playAlertBeep } from '../../../ui/alert-sound';
import { announceOnce } from '../../../ui/announce-once';
import {
  notificationAccess,
  requestNotificationAccess,
  showDesktopNotification,
} from '../../../ui/desktop-notification';
import { chartOf } from '../chart-registry';
import { readChartSettings } from '../chart-settings';
import { isFinancialKind } from '../financial-kinds';
import { financialPaneOf } from '../financial-pane-of';
import { chartIntervalOf } from '../interval-commands';

declare module '../../../commands/command' {
  interface CommandArgs {
    /** On the drawing named, else on the pane's selected drawing, else at the chart's price. */
    'add-alert': { readonly annotationId?: string };
    'create-alert': { readonly alert: PriceAlert };
    'edit-alert': { readonly alertId: string };
    'update-alert': { readonly alertId: string; readonly patch: AlertPatch };
    'delete-alert': { readonly alertId: string };
    /** The data worker says an alert fired. */
    'record-alert-fired': { readonly fired: AlertFired };
  }
}

type NewAlertRequest = Extract<AlertEditorRequest, { mode: 'new' }>;

/**
 * The bars a chart shows (its interval, whether it leaves out-of-session bars out), recorded on an
 * alert on a sloped drawing so the line is read where that chart draws it; none for the data's own.
 */
function barsOfChart(catalog: SymbolCatalog, pane: PaneState | undefined): PriceAlert['bars'] {
  if (!pane || !isFinancialKind(pane.kind)) return undefined;
  const { outOfSession } = readChartSettings(pane.settings);
  const interval = chartIntervalOf(catalog, pane);
  if (interval === null && outOfSession !== 'hide') return undefined;
  return {
    ...(interval !== null ? { interval } : {}),
    ...(outOfSession === 'hide' ? { sessionOnly: true } : {}),
  };
}

/** An alert request on `drawing`, with the bars of `pane` (the chart it is set on) for a sloped one. */
function onDrawing(
  catalog: SymbolCatalog,
  symbol: string,
  drawing: Annotation,
  pane: PaneState | undefined,
): NewAlertRequest {
  const bars = slopes(drawing.kind) ? barsOfChart(catalog, pane) : undefined;
  return { mode: 'new', symbol, annotationId: drawing.id, ...(bars ? { bars } : {}) };
}

/** What `Add alert…` would open the dialog on, or why it cannot. */
function newAlertRequest(ctx: CommandContext, annotationId: string | undefined): NewAlertRequest | string {
  const doc = ctx.workspace.getDocument();
  const selectedId = annotationId ?? ctx.session.getState().annotation.selectedId;
  const drawing = selectedId ? doc.annotations[selectedId] : undefined;
  const pane = ctx.paneId ? doc.panes[ctx.paneId] : undefined;
  const { catalog } = ctx.session.getState();
  if (annotationId !== undefined) {
    if (!drawing) return 'The drawing is gone';
    if (!isAlertable(drawing.kind)) return 'Alerts go on lines, trend lines, channels and rectangles';
    if (!shapeOfDrawing(drawing)) return NO_LINE_TO_WATCH;
    const symbol = drawing.symbol ?? doc.panes[drawing.paneId]?.symbol;
    if (!symbol) return 'The drawing has no symbol';
    // The chart it was asked from when that chart shows it, else the one it was drawn on.
    return onDrawing(
      catalog,
      symbol,
      drawing,
      pane && shownOn(drawing, pane) ? pane : doc.panes[drawing.paneId],
    );
  }
  // The selected drawing of the focused chart, when an alert can follow it.
  if (drawing && pane && shownOn(drawing, pane) && isAlertable(drawing.kind))
    return shapeOfDrawing(drawing) ? onDrawing(catalog, pane.symbol, drawing, pane) : NO_LINE_TO_WATCH;
  const chart = financialPaneOf(ctx);
  if (typeof chart === 'string') return 'Focus a chart, or select a line on one, to set an alert';
  return { mode: 'new', symbol: chart.symbol };
}

const alertOf = (ctx: CommandContext, id: string): PriceAlert | undefined =>
  ctx.workspace.getDocument().alerts?.[id];

/** What a firing says: `BTCUSDT crossed 94,000 (94,012.5)` and the user's message. */
function firedText(fired: AlertFired, message: string): string {
  const verb = {
    crosses: 'crossed',
    'crosses-up': 'crossed up through',
    'crosses-down': 'crossed down through',
    enters: 'entered the band at',
    exits: 'left the band at',
  }[fired.condition];
  const what = `Alert: ${fired.symbol} ${verb} ${priceInWords(fired.level)} (at ${priceInWords(fired.price)})`;
  return message ? `${what}. ${message}` : `${what}.`;
}

export function alertCommands(): Command[] {
  return [
    defineCommand({
      id: 'add-alert',
      label: 'Add alert…',
      group: 'Alerts',
      keys: ['Alt+KeyA'],
      scope: 'chart',
      inPaneMenu: true,
      when: (ctx, { annotationId }) => {
        const request = newAlertRequest(ctx, annotationId);
        return typeof request === 'string' ? request : true;
      },
      perform: (ctx, { annotationId }) => {
        const request = newAlertRequest(ctx, annotationId);
        if (typeof request === 'string') return;
        // An alert at a price starts at the chart's price under the pointer, or its latest close, at
        // the decimals the chart writes prices with (the pointer's price is a pixel's noise past them).
        const chart = chartOf(ctx.paneId);
        const at = request.annotationId === undefined ? chart?.anchorPoint()?.price : undefined;
        const price = at === undefined || !chart ? undefined : roundToDecimals(at, chart.priceDecimals());
        ctx.session.setState({ alertEditor: price === undefined ? request : { ...request, price } });
        openDialog(ctx.session, 'alert');
      },
    }),
    defineCommand({
      id: 'create-alert',
      label: 'Create alert',
      group: 'Alerts',
      needsArgs: true,
      when: (ctx, { alert }) => alertProblem(ctx.workspace.getDocument(), alert) ?? true,
      perform: (ctx, { alert }) => ({
        edit: (d) => addAlert(d, alert),
        history: RECORD,
        after: (doc) => notify(ctx.session, `Alert set: ${alertDescription(doc, alert)}.`),
      }),
    }),
    defineCommand({
      id: 'edit-alert',
      label: 'Edit alert',
      group: 'Alerts',
      needsArgs: true,
      when: (ctx, { alertId }) => (alertOf(ctx, alertId) ? true : 'There is no such alert'),
      perform: (ctx, { alertId }) => {
        ctx.session.setState({ alertEditor: { mode: 'edit', alertId } });
        openDialog(ctx.session, 'alert');
      },
    }),
    defineCommand({
      id: 'update-alert',
      label: 'Update alert',
      group: 'Alerts',
      needsArgs: true,
      when: (ctx, { alertId }) => (alertOf(ctx, alertId) ? true : 'There is no such alert'),
      perform: (_ctx, { alertId, patch }) => ({
        edit: (d) => updateAlert(d, alertId, patch, Date.now()),
        history: RECORD,
      }),
    }),
    defineCommand({
      id: 'delete-alert',
      label: 'Delete alert',
      group: 'Alerts',
      needsArgs: true,
      when: (ctx, { alertId }) => (alertOf(ctx, alertId) ? true : 'There is no such alert'),
      perform: (ctx, { alertId }) => {
        const alert = alertOf(ctx, alertId);
        if (!alert) return;
        const description = alertDescription(ctx.workspace.getDocument(), alert);
        return {
          edit: (d) => deleteAlert(d, alertId),
          history: RECORD,
          after: () => notify(ctx.session, `Deleted alert: ${description}. Undo brings it back.`),
        };
      },
    }),
    defineCommand({
      id: 'record-alert-fired',
      label: 'Record a fired alert',
      group: 'Alerts',
      needsArgs: true,
      // Only the arming that fired, and once: a report for an alert edited or deleted since is dropped.
      when: (ctx, { fired }) => {
        const alert = alertOf(ctx, fired.id);
        return alert && alert.armedAt === fired.armedAt && !alert.fired ? true : 'Not an active alert';
      },
      perform: (ctx, { fired }) => {
        const message = alertOf(ctx, fired.id)?.message ?? '';
        return {
          edit: (d) => markAlertFired(d, fired.id, fired.armedAt, { at: fired.firedAt, price: fired.price }),
          // Not an edit of the user's: written into every snapshot, so no undo arms it again.
          history: THROUGHOUT,
          after: () => {
            const text = firedText(fired, message);
            notify(ctx.session, text, 'warning', undefined, true);
            const sound = ctx.session.getState().alertSound;
            announceOnce(`alert:${fired.id}:${fired.armedAt}`, () => {
              if (sound) playAlertBeep();
              showDesktopNotification(`${fired.symbol} alert`, text, `alert-${fired.id}`);
            });
          },
        };
      },
    }),
    {
      id: 'toggle-alerts-panel',
      label: 'Show alerts',
      group: 'Alerts',
      keys: ['Alt+Shift+KeyA'],
      inPaneMenu: true,
      // Session only: which panels are open is not part of the workspace's history.
      perform: (ctx) => ctx.session.setState((s) => ({ alertsPanelOpen: !s.alertsPanelOpen })),
    },
    {
      id: 'toggle-alert-sound',
      label: 'Toggle alert sound',
      group: 'Alerts',
      // A setting of this browser, not of the workspace: no undo step (the workstation keeps it in
      // the browser's storage: keepAlertSoundSetting).
      perform: (ctx) => {
        const on = !ctx.session.getState().alertSound;
        ctx.session.setState({ alertSound: on });
        notify(ctx.session, on ? 'Alert sound on.' : 'Alert sound off.');
      },
    },
    {
      id: 'allow-alert-notifications',
      label: 'Allow browser notifications for alerts',
      group: 'Alerts',
      when: () => {
        const access = notificationAccess();
        if (access === 'unsupported') return 'This browser has no notifications';
        if (access === 'granted') return 'Browser notifications are allowed already';
        return access === 'denied' ? "Notifications are blocked in the browser's site settings" : true;
      },
      // The only place permission is asked: the user's own command, never on load.
      perform: async (ctx) => {
        const access = await requestNotificationAccess();
        notify(
          ctx.session,
          access === 'granted'
            ? 'Fired alerts will also show as browser notifications.'
            : 'Browser notifications stay off; alerts show here.',
        );
      },
    },
  ];
}
