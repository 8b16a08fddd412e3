/**
 * What an intraday chart does with its symbol's trading session: out-of-session bars shown, shaded
 * or left out, and a break at each session open. Pane settings, so each change is one undo step.
 */
import { isAroundTheClock } from '../../../core/sessions/trading-session';
import type { Command, CommandContext } from '../../commands/command';
import { settingsStep } from '../../commands/settings-step';
import { symbolInfoOf } from '../../data/symbol-catalog';
import type { PaneState } from '../../state/workspace-document';
import { readChartSettings } from './chart-settings';
import { financialPaneOf } from './financial-pane-of';
import type { OutOfSession } from './session-marks';

const MODE_LABELS: Record<OutOfSession, string> = {
  show: 'Out-of-session bars: show',
  shade: 'Out-of-session bars: shade',
  hide: 'Out-of-session bars: hide',
};

/** The chart the command acts on, if its symbol keeps trading hours; else why not. */
function sessionChart(ctx: CommandContext): PaneState | string {
  const pane = financialPaneOf(ctx);
  if (typeof pane === 'string') return pane;
  const session = symbolInfoOf(ctx.session.getState().catalog, pane.symbol)?.session;
  return session && !isAroundTheClock(session) ? pane : `${pane.symbol} trades around the clock`;
}

export function sessionCommands(): Command[] {
  return [
    ...(Object.keys(MODE_LABELS) as OutOfSession[]).map(
      (mode): Command => ({
        id: `out-of-session:${mode}`,
        label: MODE_LABELS[mode],
        group: 'Sessions',
        when: (ctx) => {
          const pane = sessionChart(ctx);
          if (typeof pane === 'string') return pane;
          return readChartSettings(pane.settings).outOfSession === mode ? 'The chart does so already' : true;
        },
        perform: (ctx) => (ctx.paneId ? settingsStep(ctx.paneId, { outOfSession: mode }) : undefined),
      }),
    ),
    ...[true, false].map(
      (show): Command => ({
        id: show ? 'show-session-breaks' : 'hide-session-breaks',
        label: show ? 'Show session breaks' : 'Hide session breaks',
        group: 'Sessions',
        inPaneMenu: true,
        toggleGroup: 'session-breaks',
        hiddenWhenUnavailable: true,
        when: (ctx) => {
          const pane = sessionChart(ctx);
          if (typeof pane === 'string') return pane;
          return readChartSettings(pane.settings).sessionBreaks === show
            ? `Session breaks are ${show ? 'shown' : 'hidden'} already`
            : true;
        },
        perform: (ctx) => (ctx.paneId ? settingsStep(ctx.paneId, { sessionBreaks: show }) : undefined),
      }),
    ),
  ];
}
