/**
 * A financial pane's bar interval: one undoable settings edit, from the toolbar, the palette
 * (`Interval: 5 minutes`) or typed on a focused chart (`5` `Enter`, `4h`, `1D`).
 */

import { intervalSeconds, intervalText, parseInterval } from '../../../core/bars/interval';
import type { SymbolInfo } from '../../../core/protocol';
import { type Command, type CommandContext, defineCommand } from '../../commands/command';
import { settingsStep } from '../../commands/settings-step';
import { symbolInfoOf } from '../../data/symbol-catalog';
import { notify, openDialog } from '../../session/session-actions';
import type { SymbolCatalog } from '../../session/session-store';
import { RECORD } from '../../state/history';
import type { PaneState } from '../../state/workspace-document';
import { adoptLinkedSettings, setLinkedSettings, setPaneSettings } from '../../state/workspace-edits';
import { linkedSettingsOf } from '../../workspace/pane-registry';
import { readChartSettings } from './chart-settings';
import { financialPaneOf, inFinancialPaneMenu, onFinancialPane } from './financial-pane-of';

declare module '../../commands/command' {
  interface CommandArgs {
    /** The interval picker, or what was typed: an interval text, or null for the data's own. */
    'set-chart-interval': { readonly paneId: string; readonly interval: string | null };
  }
}

/** The intervals offered in the toolbar and the palette. */
export const INTERVAL_PRESETS: readonly { text: string; label: string }[] = [
  { text: '1m', label: '1 minute' },
  { text: '5m', label: '5 minutes' },
  { text: '15m', label: '15 minutes' },
  { text: '30m', label: '30 minutes' },
  { text: '1h', label: '1 hour' },
  { text: '4h', label: '4 hours' },
  { text: '1D', label: '1 day' },
  { text: '1W', label: '1 week' },
  { text: '1M', label: '1 month' },
];

/** The average spacing of a symbol's own bars, in seconds (weekends count in daily data). */
function ownSpacing(info: SymbolInfo | undefined): number | null {
  // A history source aggregates trades: any interval can be made of them.
  if (info?.source !== undefined) return null;
  return info && info.count > 1 ? (info.last - info.first) / (info.count - 1) : null;
}

/**
 * Why `interval` cannot be shown for the symbol, or null: bars finer than the data's own cannot be
 * made from it (daily data has no 5-minute bars). A day's data counts as daily despite weekends.
 */
export function intervalProblem(interval: string, info: SymbolInfo | undefined): string | null {
  const parsed = parseInterval(interval);
  if (!parsed) return `"${interval}" is not an interval (try 5, 15m, 4h, 1D, 1W or 1M)`;
  const spacing = ownSpacing(info);
  if (spacing === null || intervalSeconds(parsed) >= spacing * 0.6) return null;
  return `${info?.symbol ?? 'The symbol'} has no bars finer than its own; ${intervalText(parsed)} cannot be made from them`;
}

/**
 * The interval a chart shows: the one it was given (picked, or shared by its link group), unless
 * its data has no bars that fine; then the data's own (null). A monthly series in a group at 1W
 * shows its monthly bars as monthly, not under the group's label.
 */
export function shownInterval(interval: string | null, info: SymbolInfo | undefined): string | null {
  return interval !== null && intervalProblem(interval, info) === null ? interval : null;
}

/**
 * The interval a chart's bars are named by (its description, the data table): the one it shows, or,
 * for a history source's symbol shown at its own bars, minutes: a source folds trades by the minute,
 * and a thin market's minutes must not be named by their spacing ("25-minute bars").
 */
export function namedInterval(shown: string | null, info: SymbolInfo | undefined): string | null {
  return shown ?? (info?.source !== undefined ? '1m' : null);
}

/** `shownInterval` of a chart pane in the workspace, for commands (export, alerts, the data table). */
export function chartIntervalOf(
  catalog: SymbolCatalog,
  pane: Pick<PaneState, 'settings' | 'symbol'>,
): string | null {
  return shownInterval(readChartSettings(pane.settings).interval, symbolInfoOf(catalog, pane.symbol));
}

/** The pane menu's `Interval` submenu: the toolbar's interval picker, which its `More` button leads to. */
const IN_INTERVAL_MENU = { inPaneMenu: inFinancialPaneMenu, paneSubmenu: 'Interval' } as const;

function openIntervalEntry(ctx: CommandContext, typed: string): void {
  ctx.session.setState({ intervalEntry: ctx.paneId ? { paneId: ctx.paneId, typed } : null });
  openDialog(ctx.session, 'interval-entry');
}

/** One step: the chart's interval, and that of every chart linked with it that shares it. */
function intervalEdit(paneId: string, interval: string | null) {
  return {
    edit: (d: Parameters<typeof setPaneSettings>[0]) =>
      setLinkedSettings(d, paneId, { interval }, linkedSettingsOf),
    history: RECORD,
  };
}

/** `when` of the two commands that stop or start sharing a linked chart's interval. */
function linkedChart(ctx: CommandContext, ownInterval: boolean) {
  const pane = financialPaneOf(ctx);
  if (typeof pane === 'string') return pane;
  if (pane.linkGroup === null) return 'The chart is in no link group';
  return readChartSettings(pane.settings).ownInterval === ownInterval
    ? true
    : ownInterval
      ? 'The chart shares its interval with its link group'
      : 'The chart keeps its own interval';
}

export function intervalCommands(): Command[] {
  return [
    defineCommand({
      id: 'set-chart-interval',
      label: 'Set chart interval',
      group: 'Interval',
      needsArgs: true,
      perform: (ctx, { paneId, interval }) => {
        const pane = ctx.workspace.getDocument().panes[paneId];
        if (!pane) return;
        const canonical = interval === null ? null : parseInterval(interval);
        if (interval !== null && !canonical) return;
        // The rule of the palette's presets and the typed box, for every caller (the toolbar's picker).
        const problem =
          interval === null
            ? null
            : intervalProblem(interval, symbolInfoOf(ctx.session.getState().catalog, pane.symbol));
        if (problem) {
          notify(ctx.session, `${problem}.`, 'warning');
          return;
        }
        return intervalEdit(paneId, canonical ? intervalText(canonical) : null);
      },
    }),
    // Typing a digit on a focused chart opens the interval box with it (as in TradingView): one
    // command per digit, so the box knows what was typed; the palette offers the box itself.
    ...['1', '2', '3', '4', '5', '6', '7', '8', '9'].map(
      (digit): Command => ({
        id: `chart-interval-type:${digit}`,
        label: 'Type an interval',
        group: 'Interval',
        keys: [digit],
        scope: 'chart',
        needsArgs: true,
        when: onFinancialPane,
        perform: (ctx) => openIntervalEntry(ctx, digit),
      }),
    ),
    {
      id: 'keep-own-interval',
      label: 'Keep own interval in link group',
      group: 'Interval',
      inPaneMenu: true,
      toggleGroup: 'linked-interval',
      hiddenWhenUnavailable: true,
      when: (ctx) => linkedChart(ctx, false),
      perform: (ctx) => (ctx.paneId ? settingsStep(ctx.paneId, { ownInterval: true }) : undefined),
    },
    {
      id: 'follow-group-interval',
      label: "Follow link group's interval",
      group: 'Interval',
      inPaneMenu: true,
      toggleGroup: 'linked-interval',
      hiddenWhenUnavailable: true,
      when: (ctx) => linkedChart(ctx, true),
      // Sharing again takes the group's interval at once, in the same step.
      perform: (ctx) => {
        const paneId = ctx.paneId;
        if (!paneId) return;
        return {
          edit: (d) =>
            adoptLinkedSettings(setPaneSettings(d, paneId, { ownInterval: false }), paneId, linkedSettingsOf),
          history: RECORD,
        };
      },
    },
    {
      id: 'chart-interval-entry',
      label: 'Type an interval…',
      group: 'Interval',
      ...IN_INTERVAL_MENU,
      when: onFinancialPane,
      perform: (ctx) => openIntervalEntry(ctx, ''),
    },
    {
      id: 'chart-interval:own',
      label: "Interval: the data's own",
      group: 'Interval',
      ...IN_INTERVAL_MENU,
      menuLabel: "The data's own",
      when: (ctx) => {
        const pane = financialPaneOf(ctx);
        if (typeof pane === 'string') return pane;
        return readChartSettings(pane.settings).interval === null
          ? "The chart shows the data's own bars"
          : true;
      },
      perform: (ctx) => (ctx.paneId ? intervalEdit(ctx.paneId, null) : undefined),
    },
    ...INTERVAL_PRESETS.map(
      ({ text, label }): Command => ({
        id: `chart-interval:${text}`,
        label: `Interval: ${label}`,
        group: 'Interval',
        ...IN_INTERVAL_MENU,
        menuLabel: label,
        when: (ctx) => {
          const pane = financialPaneOf(ctx);
          if (typeof pane === 'string') return pane;
          if (readChartSettings(pane.settings).interval === text)
            return `The chart already shows ${label} bars`;
          return intervalProblem(text, symbolInfoOf(ctx.session.getState().catalog, pane.symbol)) ?? true;
        },
        perform: (ctx) => (ctx.paneId ? intervalEdit(ctx.paneId, text) : undefined),
      }),
    ),
  ];
}
