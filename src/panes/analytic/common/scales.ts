/**
 * Scales of the cartesian analytic charts: linear (with nice ticks), logarithmic (falling back to
 * linear, with the console warning of docs/reference-constants.md, when its domain reaches zero) and band (band padding, docs/reference-constants.md).
 * Pure: no DOM, no PixiJS.
 */

import { isIntradaySpan } from '../../../../core/time/bar-spacing';
import { wallToUtc, zoneOffset } from '../../../../core/time/zone-clock';

export interface NumberScale {
  kind: 'linear' | 'log';
  domain: readonly [number, number];
  range: readonly [number, number];
  map(value: number): number;
  invert(pixel: number): number;
  ticks(count: number): number[];
}

/** docs/reference-constants.md: bar series band padding. */
export const BAND_PADDING_INNER = 0.3;
export const BAND_PADDING_OUTER = 0.15;

/** The step between ticks: 1, 2 or 5 times a power of ten, about `(max - min) / count`. */
export function tickStep(min: number, max: number, count: number): number {
  const span = Math.abs(max - min);
  if (span === 0 || !Number.isFinite(span) || count <= 0) return 0;
  const raw = span / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const error = raw / power;
  const factor = error >= 7.5 ? 10 : error >= 3.5 ? 5 : error >= 1.5 ? 2 : 1;
  return factor * power;
}

/** Ticks at multiples of `tickStep` inside [min, max], free of floating-point dust. */
export function niceTicks(min: number, max: number, count: number): number[] {
  const lo = Math.min(min, max);
  const hi = Math.max(min, max);
  const step = tickStep(lo, hi, count);
  if (step === 0) return Number.isFinite(lo) ? [lo] : [];
  const decimals = Math.max(0, -Math.floor(Math.log10(step)));
  const ticks: number[] = [];
  for (let k = Math.ceil(lo / step - 1e-9); k * step <= hi + step * 1e-9; k++) {
    ticks.push(Number((k * step).toFixed(decimals)));
  }
  return ticks;
}

/** Widens [min, max] outwards to tick multiples; a flat domain becomes [v - 1, v + 1]. */
export function niceDomain(min: number, max: number, count = 10): [number, number] {
  if (!Number.isFinite(min) || !Number.isFinite(max)) return [0, 1];
  if (min === max) return min === 0 ? [0, 1] : [min - Math.abs(min) * 0.1, max + Math.abs(max) * 0.1];
  const step = tickStep(min, max, count);
  const decimals = Math.max(0, -Math.floor(Math.log10(step)));
  const clean = (v: number) => Number(v.toFixed(decimals));
  return [clean(Math.floor(min / step) * step), clean(Math.ceil(max / step) * step)];
}

export function linearScale(
  domain: readonly [number, number],
  range: readonly [number, number],
): NumberScale {
  const [d0, d1] = domain;
  const [r0, r1] = range;
  const k = d1 === d0 ? 0 : (r1 - r0) / (d1 - d0);
  return {
    kind: 'linear',
    domain,
    range,
    map: (value) => r0 + (value - d0) * k,
    invert: (pixel) => (k === 0 ? d0 : d0 + (pixel - r0) / k),
    ticks: (count) => niceTicks(d0, d1, count),
  };
}

export function logScaleProblem(domain: readonly [number, number]): string | null {
  const [a, b] = domain;
  return a <= 0 || b <= 0
    ? `Logarithmic axis: the domain [${a}, ${b}] crosses or contains zero; showing a linear axis instead.`
    : null;
}

/**
 * A log scale, or a linear one with a console warning when the domain crosses or contains zero
 * (docs/reference-constants.md: warnings, never thrown errors).
 */
export function logScale(
  domain: readonly [number, number],
  range: readonly [number, number],
  warn: (message: string) => void = console.warn,
): NumberScale {
  const problem = logScaleProblem(domain);
  if (problem) {
    warn(problem);
    return linearScale(domain, range);
  }
  const [d0, d1] = domain;
  const [r0, r1] = range;
  const l0 = Math.log10(d0);
  const l1 = Math.log10(d1);
  const k = l1 === l0 ? 0 : (r1 - r0) / (l1 - l0);
  return {
    kind: 'log',
    domain,
    range,
    map: (value) => r0 + (Math.log10(value) - l0) * k,
    invert: (pixel) => 10 ** (k === 0 ? l0 : l0 + (pixel - r0) / k),
    ticks: () => {
      const ticks: number[] = [];
      for (let e = Math.floor(l0); e <= Math.ceil(l1); e++) {
        for (const m of [1, 2, 5]) {
          const v = m * 10 ** e;
          if (v >= Math.min(d0, d1) && v <= Math.max(d0, d1)) ticks.push(Number(v.toPrecision(12)));
        }
      }
      return ticks;
    },
  };
}

export interface BandScale {
  count: number;
  /** Distance from one band's start to the next. */
  step: number;
  /** Width of one band. */
  bandwidth: number;
  /** Start of band `index`. */
  start(index: number): number;
  /** Centre of band `index`. */
  centre(index: number): number;
  /** The band under `pixel`, or -1 in the padding or outside. */
  indexAt(pixel: number): number;
}

/**
 * Bands across `range`, d3 style: `paddingInner` is the gap between bands as a fraction of the step,
 * `paddingOuter` the space before the first and after the last band, in steps.
 */
export function bandScale(
  count: number,
  range: readonly [number, number],
  paddingInner = BAND_PADDING_INNER,
  paddingOuter = BAND_PADDING_OUTER,
): BandScale {
  const [r0, r1] = range;
  const n = Math.max(0, count);
  const step = n === 0 ? 0 : (r1 - r0) / Math.max(1, n - paddingInner + 2 * paddingOuter);
  const bandwidth = step * (1 - paddingInner);
  const first = r0 + step * paddingOuter;
  const start = (index: number) => first + index * step;
  return {
    count: n,
    step,
    bandwidth,
    start,
    centre: (index) => start(index) + bandwidth / 2,
    indexAt: (pixel) => {
      if (step === 0) return -1;
      const index = Math.floor((pixel - first) / step);
      if (index < 0 || index >= n) return -1;
      const offset = pixel - start(index);
      return offset >= 0 && offset <= bandwidth ? index : -1;
    },
  };
}

const YEAR_STEPS = [1, 2, 5, 10, 20, 50];
const MONTH_STEPS = [1, 2, 3, 6];

export interface TimeTick {
  /** UTC seconds. */
  time: number;
  label: string;
}

const monthName = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });

/** Tick steps under a month, in seconds: minutes up to two weeks. */
const CLOCK_STEPS = [
  60, 120, 300, 600, 900, 1800, 3600, 7200, 10_800, 21_600, 43_200, 86_400, 172_800, 604_800, 1_209_600,
];
const dayName = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const clock = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' });

/** Ticks at whole minutes, hours or days (UTC), for spans too short for two month ticks. */
function clockTicks(lo: number, hi: number, count: number): TimeTick[] {
  const step = CLOCK_STEPS.find((s) => (hi - lo) / s <= count) ?? 2_592_000;
  const ticks: TimeTick[] = [];
  for (let t = Math.ceil(lo / step) * step; t <= hi; t += step) {
    const midnight = t % 86_400 === 0;
    ticks.push({
      time: t,
      label: midnight ? dayName.format(new Date(t * 1000)) : clock.format(new Date(t * 1000)),
    });
  }
  return ticks;
}

/**
 * Ticks of a time axis (UTC seconds) at calendar boundaries: whole years, or months when the span is
 * short, or days, hours and minutes when even months are too coarse; about `count` of them. In
 * another `zone` they stand on that zone's calendar and clock (its midnights, whole hours), labelled
 * with its wall-clock time: the boundaries are found on wall-clock seconds and turned back into UTC.
 */
export function timeTicks(from: number, to: number, count: number, zone = 'UTC'): TimeTick[] {
  if (zone !== 'UTC') {
    const wall = (t: number) => t + zoneOffset(zone, t);
    // A wall time the spring change skips (02:00 in New York) has no tick.
    return timeTicks(wall(from), wall(to), count).flatMap((tick) => {
      const time = wallToUtc(zone, tick.time);
      return wall(time) === tick.time ? [{ time, label: tick.label }] : [];
    });
  }
  const ticks = calendarTicks(from, to, count);
  return ticks.length >= 2 ? ticks : clockTicks(Math.min(from, to), Math.max(from, to), count);
}

function calendarTicks(from: number, to: number, count: number): TimeTick[] {
  const lo = Math.min(from, to);
  const hi = Math.max(from, to);
  const start = new Date(lo * 1000);
  const years = (hi - lo) / (365.25 * 86_400);
  const ticks: TimeTick[] = [];
  if (years / Math.max(1, count) >= 0.75) {
    const step = YEAR_STEPS.find((s) => years / s <= count) ?? 100;
    let year = Math.ceil(start.getUTCFullYear() / step) * step;
    for (let t = Date.UTC(year, 0, 1) / 1000; t <= hi; year += step, t = Date.UTC(year, 0, 1) / 1000) {
      if (t >= lo) ticks.push({ time: t, label: String(year) });
    }
    return ticks;
  }
  const months = years * 12;
  const step = MONTH_STEPS.find((s) => months / s <= count) ?? 12;
  let month = start.getUTCFullYear() * 12 + Math.ceil(start.getUTCMonth() / step) * step;
  for (let t = Date.UTC(Math.floor(month / 12), month % 12, 1) / 1000; t <= hi; ) {
    if (t >= lo) ticks.push({ time: t, label: monthName.format(new Date(t * 1000)) });
    month += step;
    t = Date.UTC(Math.floor(month / 12), month % 12, 1) / 1000;
  }
  return ticks;
}

const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });
const plain = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** Axis label of a tick value: compact from ten thousand, otherwise up to two decimals. */
export function formatTick(value: number): string {
  return Math.abs(value) >= 10_000 ? compact.format(value) : plain.format(value);
}

/** One format for all the ticks of an axis, so `8,000` and `30K` never share one. */
export function tickFormatter(ticks: readonly number[]): (value: number) => string {
  const largest = Math.max(0, ...ticks.map(Math.abs));
  return largest >= 10_000 ? (v) => compact.format(v) : (v) => plain.format(v);
}

/**
 * The zone a time axis over `times` reads in: the workspace's for intraday data; UTC for daily data,
 * whose times stand for calendar days anywhere (as the financial charts' axes do).
 */
export function axisZone(times: ArrayLike<number>, zone: string): string {
  const n = times.length;
  return n > 0 && isIntradaySpan(times[0] as number, times[n - 1] as number, n) ? zone : 'UTC';
}
