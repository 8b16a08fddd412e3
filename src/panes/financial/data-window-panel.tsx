/**
 * The data window: for the time under the crosshair (the latest bar while there is none), every value
 * of every series and study of the focused chart and of the charts linked with it, in the workspace
 * time zone. A chart of another interval shows its bar that holds that time.
 */
import { useEffect, useReducer, useState } from 'react';
import { useDocument, useWorkstation } from '../../commands/use-workstation';
import { symbolTimeZone } from '../../data/symbol-catalog';
import { useSession } from '../../session/session-context';
import { getLeaves } from '../../state/layout-tree';
import { timeZoneOf } from '../../state/time-zone';
import type { WorkspaceDocument } from '../../state/workspace-document';
import { resolveFocusedPane } from '../../workspace/focus';
import { paneTitle } from '../../workspace/pane-registry';
import { chartOf, useChartsVersion } from './chart-registry';
import { readChartSettings } from './chart-settings';
import { dataWindowRows } from './data-window-rows';
import { MA_PERIOD } from './financial-chart';
import { getStudyKind } from './studies';

/** The focused chart first, then the other charts of its link group in layout order. */
export function dataWindowPanes(doc: WorkspaceDocument, focusedId: string | null): string[] {
  const focused = focusedId ? doc.panes[focusedId] : undefined;
  if (!focused) return [];
  const group = focused.linkGroup;
  const others = group
    ? getLeaves(doc.layout).filter((id) => id !== focused.id && doc.panes[id]?.linkGroup === group)
    : [];
  return [focused.id, ...others];
}

export function DataWindowPanel() {
  const { run } = useWorkstation();
  const open = useSession((s) => s.dataWindowOpen);
  const catalog = useSession((s) => s.catalog);
  const doc = useDocument((s) => s.document);
  const focusedId = useSession((s) => resolveFocusedPane(doc, s.focusedPaneId));
  const chartsVersion = useChartsVersion();
  const paneIds = dataWindowPanes(doc, focusedId).filter((id) => chartOf(id));
  const key = paneIds.join(' ');
  const [time, setTime] = useState<number | null>(null);
  const [, dataChanged] = useReducer((n: number) => n + 1, 0);

  // Follows the crosshair on any of the charts (linked ones move together) and their data.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` and `chartsVersion` say when the charts changed
  useEffect(() => {
    if (!open) return;
    const stops = paneIds.flatMap((id) => {
      const chart = chartOf(id);
      if (!chart) return [];
      return [
        chart.onCrosshair((bar, point) => setTime(bar && point ? bar.time : null)),
        chart.onData(dataChanged),
      ];
    });
    return () => {
      for (const stop of stops) stop();
    };
  }, [open, key, chartsVersion]);

  if (!open) return null;
  return (
    <aside className="side-panel data-window" aria-label="Data window">
      <header className="dialog-header">
        <h2>Data window</h2>
        <button
          type="button"
          className="icon-button"
          aria-label="Close data window"
          onClick={() => run('toggle-data-window')}
        >
          ✕
        </button>
      </header>
      {paneIds.length === 0 && <p className="muted">Focus a chart to see its values here.</p>}
      {paneIds.map((id) => {
        const pane = doc.panes[id];
        const chart = chartOf(id);
        const reading = chart?.readingAt(time);
        if (!pane || !chart) return null;
        const title = paneTitle(pane);
        const zone = symbolTimeZone(timeZoneOf(doc), catalog, pane.symbol ?? null);
        const settings = readChartSettings(pane.settings);
        const rows = reading
          ? dataWindowRows(reading, {
              intraday: reading.intraday,
              zone,
              maLabel: `MA ${MA_PERIOD}`,
              showMa: settings.visibility.ma,
              studies: settings.studies.flatMap((studyId) => {
                const kind = getStudyKind(studyId);
                if (!kind) return [];
                const values = chart.studyValuesAt(studyId, reading.bar.time);
                return [
                  {
                    outputs: kind.outputs.map((o, i) => ({ label: o.label, value: values[i] ?? Number.NaN })),
                    inPriceUnits: kind.priceUnits,
                  },
                ];
              }),
              compared: settings.compare
                .filter((symbol) => symbol !== pane.symbol)
                .map((symbol) => ({ symbol, ...chart.comparedCloseAt(symbol, reading.bar.time) })),
            })
          : [];
        return (
          <section key={id} className="data-window-pane" aria-label={title}>
            <h3>{title}</h3>
            {rows.length === 0 ? (
              <p className="muted">No data yet.</p>
            ) : (
              <dl>
                {rows.map((row, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional (two studies may name an output alike)
                  <div key={i} className="data-window-row">
                    <dt>{row.label}</dt>
                    <dd>{row.value}</dd>
                  </div>
                ))}
              </dl>
            )}
          </section>
        );
      })}
    </aside>
  );
}
