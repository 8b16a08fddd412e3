/**
 * The legend's values: the hovered bar, else the latest one. A live pane's latest bar arrives in a
 * small store of its own, and its values are written into this line's spans: a feed update renders
 * nothing in React.
 */

import { type Ref, useLayoutEffect, useRef } from 'react';
import { useStore } from 'zustand';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { useTimeZone } from '../../commands/use-time-zone';
import { formatPrice } from '../../data/price-format';
import { volumeFormat } from './bar-format';
import { formatBarSpan } from './bar-time';
import type { LegendBar } from './chart-data';

export type LatestBarStore = StoreApi<{ bar: LegendBar | null }>;

export function createLatestBarStore(): LatestBarStore {
  return createStore<{ bar: LegendBar | null }>(() => ({ bar: null }));
}

interface LegendValuesProps {
  /** Whose bars: their times are shown in its zone (its exchange's, under the `exchange` setting). */
  symbol: string;
  hovered: LegendBar | null;
  /** The last bar the pane loaded, shown until a live update arrives. */
  loaded: LegendBar | null;
  live: LatestBarStore;
  intraday: boolean;
  /** Bars merge many (a coarse level): the time slot is as wide as a span. */
  merged: boolean;
}

/** The legend's values for a bar after its time: O, H, L, C and V (C alone for a series of closes). */
function valueTexts(bar: LegendBar): string[] {
  if (bar.closesOnly) return [`C ${formatPrice(bar.close, bar.decimals)}`];
  return [
    `O ${formatPrice(bar.open, bar.decimals)}`,
    `H ${formatPrice(bar.high, bar.decimals)}`,
    `L ${formatPrice(bar.low, bar.decimals)}`,
    `C ${formatPrice(bar.close, bar.decimals)}`,
    `V ${volumeFormat.format(bar.volume, bar.volumeDecimals)}`,
  ];
}

/**
 * Writes a bar's texts (its time, then O, H, L, C and V) into the spans, each only when it changed.
 * A live bar keeps its time through many updates: its text is formatted once (Intl was a third of
 * an update's legend cost, bench live-feed), and a span whose text stays is left alone, so neither
 * its text node nor the legend's layout is touched.
 */
function legendWriter(
  spans: readonly (HTMLSpanElement | null)[],
  intraday: boolean,
  zone: string,
): (bar: LegendBar | null) => void {
  const written: string[] = [];
  let timeOf: LegendBar | null = null;
  let time = '';
  return (bar) => {
    if (bar && !(timeOf && sameTimeSlot(bar, timeOf))) {
      time = formatBarSpan(bar, intraday, zone);
      timeOf = bar;
    }
    const texts = bar ? [time, ...valueTexts(bar)] : [];
    spans.forEach((span, i) => {
      const text = texts[i] ?? '';
      if (span && written[i] !== text) {
        setText(span, text);
        written[i] = text;
      }
    });
  };
}

/** Writes into the element's text node where it has one, rather than replacing the node. */
function setText(element: HTMLElement, text: string): void {
  const node = element.firstChild;
  if (node && node === element.lastChild && node.nodeType === Node.TEXT_NODE) (node as Text).data = text;
  else element.textContent = text;
}

/** Two bars whose legend time reads the same: the same start and the same merged span. */
function sameTimeSlot(a: LegendBar, b: LegendBar): boolean {
  return a.time === b.time && a.span?.end === b.span?.end && a.span?.endIncluded === b.span?.endIncluded;
}

export function LegendValues({ symbol, hovered, loaded, live, intraday, merged }: LegendValuesProps) {
  const zone = useTimeZone(symbol);
  // Re-renders when a live bar first arrives, not on every update: a live pane's values are written
  // into the spans directly (up to once a frame; a React commit per update cost more than the update).
  const hasLive = useStore(live, (s) => s.bar !== null);
  const visible = hovered !== null || hasLive || loaded !== null;
  const spans = useRef<(HTMLSpanElement | null)[]>([]);
  useLayoutEffect(() => {
    if (!visible) return;
    const write = legendWriter(spans.current, intraday, zone);
    write(hovered ?? live.getState().bar ?? loaded);
    if (hovered) return;
    return live.subscribe((state) => write(state.bar ?? loaded));
  }, [visible, hovered, loaded, live, intraday, zone]);
  if (!visible) return null;
  const at = (i: number) => (span: HTMLSpanElement | null) => {
    spans.current[i] = span;
  };
  return (
    <>
      <Slot template={timeTemplate(intraday, merged)} valueRef={at(0)} className="legend-time" />
      <span ref={at(1)} />
      <span ref={at(2)} />
      <span ref={at(3)} />
      <span ref={at(4)} />
      <Slot template="V 000.00W" valueRef={at(5)} className="legend-volume-value" />
    </>
  );
}

/** The widest time the legend writes: a bar's, or a merged bar's span (formatBarSpan). */
function timeTemplate(intraday: boolean, merged: boolean): string {
  const time = intraday ? 'Www 00, 0000, 00:00' : 'Www 00, 0000';
  if (!merged) return time;
  return intraday ? `${time} – Www 00, 00:00` : `${time} – Www 00`;
}

/**
 * A value at least as wide as `template` (an invisible ::before in the same grid cell): a month name
 * or a volume's digits and suffix then change no width on hover, so the legend never re-wraps and
 * resizes the chart. Prices need none: their digits are tabular.
 */
function Slot({
  template,
  valueRef,
  className,
}: {
  template: string;
  valueRef: Ref<HTMLSpanElement>;
  className?: string;
}) {
  return (
    <span className={className ? `legend-slot ${className}` : 'legend-slot'} data-template={template}>
      <span className="legend-slot-value" ref={valueRef} />
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
  /** Decimals to write the values with (a study in price units: the series' own). */
  decimals(): number | undefined;
  hovered: LegendBar | null;
  tick: StudyTick;
}

/**
 * A study's values in its legend item: of the hovered bar, else of the latest (live) one. Written into
 * the span on every tick, like the bar's values: a live update renders nothing in React.
 */
export function StudyValues({ valuesAt, decimals, hovered, tick }: StudyValuesProps) {
  const ref = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    const write = () => {
      const values = valuesAt(hovered ? hovered.time : null);
      if (ref.current) {
        ref.current.textContent = values
          .map((v) => (Number.isFinite(v) ? formatPrice(v, decimals()) : '–'))
          .join(' ');
      }
    };
    write();
    return tick.subscribe(write);
  }, [valuesAt, decimals, hovered, tick]);
  return <span className="legend-study-values" ref={ref} />;
}
