/**
 * The legend's values: the hovered bar, else the latest one. A live pane's latest bar arrives in a
 * small store of its own, so a feed update re-renders this line only, not the pane.
 */
import type { ReactNode } from 'react';
import { useStore } from 'zustand';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { LegendBar } from './chart-data';

export type LatestBarStore = StoreApi<{ bar: LegendBar | null }>;

export function createLatestBarStore(): LatestBarStore {
  return createStore<{ bar: LegendBar | null }>(() => ({ bar: null }));
}

export const priceFormat = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const volumeFormat = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 2 });
const dayFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  year: 'numeric',
  month: 'short',
  day: '2-digit',
});
const minuteFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  year: 'numeric',
  month: 'short',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** A bar's time (UTC seconds) as the legend and tooltip show it: with the time of day for intraday bars. */
export function formatBarTime(time: number, intraday: boolean): string {
  return (intraday ? minuteFormat : dayFormat).format(new Date(time * 1000));
}

interface LegendValuesProps {
  hovered: LegendBar | null;
  /** The last bar the pane loaded, shown until a live update arrives. */
  loaded: LegendBar | null;
  live: LatestBarStore;
  intraday: boolean;
}

export function LegendValues({ hovered, loaded, live, intraday }: LegendValuesProps) {
  const latest = useStore(live, (s) => s.bar);
  const shown = hovered ?? latest ?? loaded;
  if (!shown) return null;
  return (
    <>
      <Slot template={intraday ? 'Www 00, 0000, 00:00' : 'Www 00, 0000'}>
        {formatBarTime(shown.time, intraday)}
      </Slot>
      <span>O {priceFormat.format(shown.open)}</span>
      <span>H {priceFormat.format(shown.high)}</span>
      <span>L {priceFormat.format(shown.low)}</span>
      <span>C {priceFormat.format(shown.close)}</span>
      <Slot template="V 000.00W">V {volumeFormat.format(shown.volume)}</Slot>
    </>
  );
}

/**
 * A value at least as wide as `template` (an invisible ::before in the same grid cell): a month name
 * or a volume's digits and suffix then change no width on hover, so the legend never re-wraps and
 * resizes the chart. Prices need none: their digits are tabular.
 */
function Slot({ template, children }: { template: string; children: ReactNode }) {
  return (
    <span className="legend-slot" data-template={template}>
      <span className="legend-slot-value">{children}</span>
    </span>
  );
}

/** Moves whenever a chart's study values change, so the legend shows the new ones. */
export type StudyTick = StoreApi<{ tick: number }>;

export function createStudyTick(): StudyTick {
  return createStore<{ tick: number }>(() => ({ tick: 0 }));
}

interface StudyValuesProps {
  /** The values of the study's outputs at a bar's time (null: the latest bar). */
  valuesAt(time: number | null): number[];
  hovered: LegendBar | null;
  tick: StudyTick;
}

/** A study's values in its legend item: of the hovered bar, else of the latest (live) one. */
export function StudyValues({ valuesAt, hovered, tick }: StudyValuesProps) {
  useStore(tick, (s) => s.tick);
  const values = valuesAt(hovered ? hovered.time : null);
  if (values.length === 0) return null;
  return (
    <span className="legend-study-values">
      {values.map((v) => (Number.isFinite(v) ? priceFormat.format(v) : '–')).join(' ')}
    </span>
  );
}
