import { useEffect } from 'react';
import { getPaneKind } from '../workspace/pane-registry';
import type { CommandTarget, KeyScope } from './command';
import { useWorkstation } from './use-workstation';
import type { Workstation } from './workstation-api';

const NON_TEXT_INPUTS = new Set(['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file']);

/** Where keys type text or pick values, the workspace's keys stay out of the way. */
function isEditable(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target instanceof HTMLInputElement) return !NON_TEXT_INPUTS.has(target.type);
  return target.isContentEditable || target.tagName === 'TEXTAREA' || target.tagName === 'SELECT';
}

/** Pane families whose panes take the chart-scope keys (zoom, pan, ...). */
const CHART_FAMILIES: ReadonlySet<string> = new Set(['financial', 'analytic']);

/**
 * Chart keys apply inside a chart pane (financial or analytic), and also when keyboard focus rests on
 * nothing in particular (the page body) while the focused pane is a chart, as in a terminal's active chart.
 */
function chartKeysApply(target: EventTarget | null, focusedKind: string | undefined): boolean {
  if (!(target instanceof Element)) return false;
  const pane = target.closest<HTMLElement>('[data-pane-family]');
  if (pane) return CHART_FAMILIES.has(pane.dataset.paneFamily ?? '');
  const idle = target === document.body || target === document.documentElement;
  const family = focusedKind === undefined ? undefined : getPaneKind(focusedKind)?.family;
  return idle && family !== undefined && CHART_FAMILIES.has(family);
}

/** The single key listener of the app: it asks the registry which command a key press means. */
export function useKeyBindings(workstation: Workstation): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || isEditable(event.target)) return;
      const ctx = workstation.context();
      const inChart = chartKeysApply(
        event.target,
        ctx.paneId ? workstation.workspace.getDocument().panes[ctx.paneId]?.kind : undefined,
      );
      const command = workstation.registry.match(event, inChart ? ['chart', 'global'] : ['global'], ctx);
      if (!command) return;
      event.preventDefault();
      workstation.run(command.id);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [workstation]);
}

/**
 * Key handling of a focused widget (a splitter, the watchlist grid): its keys are declared in the
 * registry under the widget's scope, and the widget only supplies the arguments. Returns the
 * `onKeyDown` handler; a handled key goes no further, so the global bindings do not see it.
 */
export function useWidgetKeys<A extends CommandTarget>(
  scope: KeyScope,
  argsOf: () => A | null,
): (event: React.KeyboardEvent) => string | null {
  const { registry, context, run } = useWorkstation();
  return (event) => {
    const args = argsOf();
    if (!args) return null;
    const command = registry.match(event.nativeEvent, [scope], context(args.paneId), args);
    if (!command) return null;
    event.preventDefault();
    event.stopPropagation();
    return run(command.id, args) ? command.id : null;
  };
}
