import { type RefObject, useEffect, useState } from 'react';
import { useDocument, useWorkstation } from '../../commands/use-workstation';
import { useSession } from '../../session/session-context';
import type { PaneId } from '../../state/layout-node';
import { useDisplayTheme } from '../../themes/use-display-theme';
import type { LegendBar } from './chart-data';
import { chartOf, useChartsVersion } from './chart-registry';
import type { ChartSettings } from './chart-settings';
import { compareColour } from './compare-series';
import { type FinancialChart, MA_PERIOD, type SeriesVisibility } from './financial-chart';
import { drawnKind, type FinancialKind, isLineKind } from './financial-kinds';
import { type LatestBarStore, LegendValues, type StudyTick, StudyValues } from './legend-values';
import { getStudyKind } from './studies';
import { studyColour } from './study-series';

export interface ChartLegendProps {
  paneId: PaneId;
  /** The pane's chart type (its price swatch is the line's colour where it draws a line). */
  kind: FinancialKind;
  symbol: string;
  settings: ChartSettings;
  /** The bar under the crosshair, else null (the legend shows the latest bar). */
  hovered: LegendBar | null;
  /** The last bar loaded, and the live feed's latest while it runs. */
  loaded: LegendBar | null;
  live: LatestBarStore;
  intraday: boolean;
  /** The pane opened on merged bars (a coarse level): the legend's time has room for a span. */
  merged: boolean;
  chartRef: RefObject<FinancialChart | null>;
  studyTick: StudyTick;
}

const SERIES: readonly { key: keyof SeriesVisibility; label: (symbol: string) => string }[] = [
  { key: 'price', label: (symbol) => symbol },
  { key: 'ma', label: () => `MA ${MA_PERIOD}` },
  { key: 'volume', label: () => 'Volume' },
];

/** The chart's legend: the values at the crosshair, and a visibility toggle per series and study. */
export function ChartLegend(props: ChartLegendProps) {
  const { paneId, kind, symbol, settings, hovered, loaded, live, intraday, merged } = props;
  const { run } = useWorkstation();
  const logRefused = useSession((s) => s.logRefused[paneId] === true);
  // A series of closes (the monthly stocks) has no volume to toggle, and is drawn as a line.
  const closesOnly = loaded?.closesOnly === true;
  const drawnAsLine = isLineKind(drawnKind(kind, closesOnly));
  return (
    <fieldset className="chart-legend" aria-label={`${symbol} legend`}>
      <div className="legend-values" data-testid="legend-values">
        <strong>{symbol}</strong>
        <LegendValues
          symbol={symbol}
          hovered={hovered}
          loaded={loaded}
          live={live}
          intraday={intraday}
          merged={merged}
        />
        {closesOnly && (
          <span className="legend-note" title={`${symbol}'s data holds closes only: it is drawn as a line`}>
            closes only
          </span>
        )}
        {logRefused && <span className="legend-warning">Log scale unavailable: prices reach zero</span>}
      </div>
      <div className="legend-items">
        {SERIES.filter((item) => item.key !== 'volume' || !closesOnly).map((item) => (
          <label key={item.key} className="legend-item">
            <input
              type="checkbox"
              checked={settings.visibility[item.key]}
              onChange={() => run('toggle-chart-series', { paneId, series: item.key })}
            />
            <span
              className={`legend-swatch legend-${item.key}${item.key === 'price' && drawnAsLine ? ' legend-line' : ''}`}
              aria-hidden="true"
            />
            {item.label(symbol)}
          </label>
        ))}
        {settings.studies.map((id) => (
          <StudyLegendItem key={id} studyId={id} {...props} />
        ))}
        {settings.compare
          .filter((other) => other !== symbol)
          .map((other, i) => (
            <ComparedLegendItem
              key={other}
              paneId={paneId}
              symbol={other}
              index={i}
              unit={settings.compareScale === 'indexed' ? '= 100' : '%'}
            />
          ))}
      </div>
    </fieldset>
  );
}

/** One item for all of a study's series (Bollinger's three bands, MACD's two lines and histogram). */
function StudyLegendItem({
  studyId,
  paneId,
  settings,
  hovered,
  chartRef,
  studyTick,
}: ChartLegendProps & { studyId: string }) {
  const { run } = useWorkstation();
  const theme = useDisplayTheme(useDocument((s) => s.document.theme));
  const study = getStudyKind(studyId);
  if (!study) return null;
  const visible = !settings.hiddenStudies.includes(studyId);
  return (
    <span className="legend-item legend-study">
      <label className="legend-study-toggle">
        <input
          type="checkbox"
          checked={visible}
          onChange={() => run('toggle-study-visibility', { paneId, study: study.id })}
        />
        <span
          className="legend-swatch"
          aria-hidden="true"
          style={{ background: studyColour(theme, { colour: study.outputs[0]?.colour ?? 0, type: 'line' }) }}
        />
        {study.label}
      </label>
      <StudyValues
        valuesAt={(time) => chartRef.current?.studyValuesAt(study.id, time) ?? []}
        decimals={() => (study.priceUnits ? chartRef.current?.priceDecimals() : undefined)}
        hovered={hovered}
        tick={studyTick}
      />
      <button
        type="button"
        className="legend-remove"
        aria-label={`Remove ${study.label}`}
        title={`Remove ${study.label}`}
        onClick={() => run(`study-remove:${study.id}`, { paneId })}
      >
        ×
      </button>
    </span>
  );
}

/**
 * A compared symbol: its line's colour, its name with the scale's unit (`%`, or `= 100` indexed),
 * `no data in view` while its line is empty there, and a button to stop comparing it.
 */
function ComparedLegendItem({
  paneId,
  symbol,
  index,
  unit,
}: {
  paneId: PaneId;
  symbol: string;
  index: number;
  unit: string;
}) {
  const { run } = useWorkstation();
  const theme = useDisplayTheme(useDocument((s) => s.document.theme));
  const inView = useComparedInView(paneId, symbol);
  return (
    <span className="legend-item legend-compared">
      <span
        className="legend-swatch"
        aria-hidden="true"
        style={{ background: compareColour(theme, index) }}
      />
      {symbol} {unit}
      {inView === false && (
        <span
          className="legend-note"
          title={`${symbol} has no bars in the chart's view: its line is empty here`}
        >
          no data in view
        </span>
      )}
      <button
        type="button"
        className="legend-remove"
        aria-label={`Stop comparing ${symbol}`}
        title={`Stop comparing ${symbol}`}
        onClick={() => run('remove-compared-symbol', { paneId, symbol })}
      >
        ×
      </button>
    </span>
  );
}

/**
 * Whether a compared symbol's line has closes in its chart's view, followed as the view moves and
 * its closes come; null before they came (or before the chart exists).
 */
function useComparedInView(paneId: PaneId, symbol: string): boolean | null {
  useChartsVersion();
  const chart = chartOf(paneId);
  const [inView, setInView] = useState<boolean | null>(null);
  useEffect(() => {
    if (!chart) return;
    const check = (): void => setInView(chart.comparedInView(symbol));
    check();
    const stops = [chart.onVisibleRange(check), chart.onComparedData(check)];
    return () => {
      for (const stop of stops) stop();
    };
  }, [chart, symbol]);
  return inView;
}
