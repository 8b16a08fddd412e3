/**
 * Reads the time cell of an imported CSV row as UTC seconds, from validated parts only (never
 * `Date.parse` on free text, whose results differ between engines).
 *
 * Forms: ISO 8601 dates and date-times (`T` or space, optional `.fff`, `Z` / `±HH:MM` / `±HHMM` /
 * `±HH` / a zone name such as `US/Eastern` after a space; naive = UTC), year-first with `/` or `.`, `first/second/year` with `/`, `.` or `-` (two- or
 * four-digit year; month-first or day-first is decided for the whole column, see `decideDateOrder`),
 * month names (`Jan 2 2020`, `January 2, 2020`, `2 Jan 2020`, `02-Jan-2020`), compact date-times
 * (`YYYYMMDD HHMMSS`, `YYYYMMDD HHMM`, `YYYYMMDD  HH:MM:SS` as Interactive Brokers writes it, with or
 * without a zone name, `YYYYMMDDHHMMSS` always; `YYYYMMDD` and `YYYYMMDDHHMM` when the
 * column was detected as such), and epoch seconds, milliseconds or microseconds told apart by
 * magnitude. Any date form may carry a time `HH:MM[:SS[.fff]]` with optional `AM`/`PM`.
 *
 * Reading accepts any valid calendar time; whether a row's time is plausible for a price series
 * (`isImportableTime`) is the row reader's question.
 */

import { isIanaZone, wallToUtc } from '../../core/time/zone-clock';

export type TimeFamily =
  | 'none'
  | 'iso'
  | 'numeric-date'
  | 'month-name'
  | 'epoch-seconds'
  | 'epoch-milliseconds'
  | 'epoch-microseconds'
  | 'yyyymmdd';

/** One cell's reading. Reused between rows so that the import loop allocates nothing per row. */
export interface TimeCellReading {
  /** UTC seconds reading a `first/second/year` date month-first, or the only reading of other forms. */
  monthFirst: number;
  /** UTC seconds reading a `first/second/year` date day-first; equals `monthFirst` for other forms. */
  dayFirst: number;
  family: TimeFamily;
  /** For `numeric-date`: the separator and the two leading fields, which decide the column's order. */
  separator: string;
  first: number;
  second: number;
  hasTime: boolean;
}

export const createTimeCellReading = (): TimeCellReading => ({
  monthFirst: Number.NaN,
  dayFirst: Number.NaN,
  family: 'none',
  separator: '',
  first: 0,
  second: 0,
  hasTime: false,
});

/** Epoch values at or above this magnitude are milliseconds (1e11 s is the year 5138, 1e11 ms 1973). */
export const EPOCH_MILLISECONDS_FROM = 1e11;
/** ... and at or above this, microseconds (1e14 ms is the year 5138, 1e14 µs 1973). */
export const EPOCH_MICROSECONDS_FROM = 1e14;
const MAX_DATE_MS = 8.64e15;
/** 1900-01-01T00:00:00Z: the earliest time an imported row may have. */
export const EARLIEST_TIME = -2208988800;

/** The first second after the end of next year, as of `now`: the latest an imported row may have. */
export function latestTimeAfter(now: Date): number {
  return Date.UTC(now.getUTCFullYear() + 2, 0, 1) / 1000;
}

// Read once per worker start: an import does not run across New Year often enough to matter.
const LATEST_TIME = latestTimeAfter(new Date());
/** The last year an imported row may fall in (next year), for messages. */
export const LAST_IMPORT_YEAR = new Date(LATEST_TIME * 1000 - 1).getUTCFullYear();

/**
 * Whether a row's time is plausible for a price series: from 1900 to the end of next year. Outside,
 * it is a misread column (an epoch read in the wrong unit), named as a row problem rather than charted
 * centuries away.
 */
export const isImportableTime = (seconds: number): boolean =>
  seconds >= EARLIEST_TIME && seconds < LATEST_TIME;
const MS_PER_400_YEARS = 146097 * 86400000;
const MONTH_NAMES = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

// Scanner state: module-level so the hot loop makes no closures or match arrays.
let text = '';
let pos = 0;
let end = 0;
let digitCount = 0;
/** A function, not the variable, so that TypeScript does not narrow it across `readDigits` calls. */
const digitsRead = (): number => digitCount;
let timeOfDay = 0;
let zoneOffset = 0;
/** A zone named in the cell (`US/Eastern`): its wall time is converted with the zone's rules. */
let zoneName: string | null = null;
// The last zone name checked: a file names one zone on every row.
let checkedZone = '';
let checkedZoneKnown = false;

const isDigit = (c: number): boolean => c >= 48 && c <= 57;
const isLetter = (c: number): boolean => (c | 32) >= 97 && (c | 32) <= 122;
const isSpace = (c: number): boolean => c === 32 || c === 9;

function start(cell: string): void {
  text = cell;
  pos = 0;
  end = cell.length;
  zoneName = null;
  while (pos < end && text.charCodeAt(pos) <= 32) pos++;
  while (end > pos && text.charCodeAt(end - 1) <= 32) end--;
}

function readDigits(): number {
  let value = 0;
  digitCount = 0;
  while (pos < end) {
    const c = text.charCodeAt(pos);
    if (!isDigit(c)) break;
    value = value * 10 + (c - 48);
    digitCount++;
    pos++;
  }
  return value;
}

function skipSpaces(): void {
  while (pos < end && isSpace(text.charCodeAt(pos))) pos++;
}

/** Month 1-12 from a run of letters at `pos` (3-letter abbreviation, full name or `Sept`), else 0. */
function readMonthName(): number {
  const from = pos;
  while (pos < end && isLetter(text.charCodeAt(pos))) pos++;
  const word = text.slice(from, pos).toLowerCase();
  if (pos < end && text.charCodeAt(pos) === 46 && word.length === 3) pos++; // `Jan.`
  for (let i = 0; i < 12; i++) {
    const name = MONTH_NAMES[i] as string;
    if (word === name || (word.length === 3 && name.startsWith(word)) || (i === 8 && word === 'sept')) {
      return i + 1;
    }
  }
  return 0;
}

const expandYear = (year: number, digits: number): number =>
  digits === 2 ? (year < 69 ? 2000 + year : 1900 + year) : digits === 4 ? year : -1;

function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

// The last day converted: rows of intraday files come a day at a time (1,440 one-minute bars a day).
let lastYear = -1;
let lastMonth = -1;
let lastDay = -1;
let lastDaySeconds = 0;

/** UTC seconds of a validated calendar day plus the parsed time of day and zone; NaN when invalid. */
function calendarSeconds(year: number, month: number, day: number): number {
  if (day !== lastDay || month !== lastMonth || year !== lastYear) {
    if (year < 0 || year > 9999 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) {
      return Number.NaN;
    }
    // Date.UTC maps years 0-99 to 1900-1999; shift by a 400-year cycle (a whole number of days).
    const ms =
      year < 100 ? Date.UTC(year + 400, month - 1, day) - MS_PER_400_YEARS : Date.UTC(year, month - 1, day);
    lastYear = year;
    lastMonth = month;
    lastDay = day;
    lastDaySeconds = ms / 1000;
  }
  const wall = lastDaySeconds + timeOfDay;
  return zoneName === null ? wall - zoneOffset : wallToUtc(zoneName, wall);
}

/**
 * Reads an optional time after a date: `T` or spaces, `HH:MM[:SS[.fff]]`, optional AM/PM and zone.
 * Sets `timeOfDay` and `zoneOffset`; false when the rest of the cell is not a valid time.
 */
function readTimeSuffix(reading: TimeCellReading): boolean {
  timeOfDay = 0;
  zoneOffset = 0;
  if (pos === end) return true;
  const c = text.charCodeAt(pos);
  if (c === 84 || c === 116) pos++;
  else if (isSpace(c)) skipSpaces();
  else return false;
  if (!readClock(true)) return false;
  reading.hasTime = true;
  return pos === end;
}

/** `HH:MM[:SS[.fff]]` (or `HHMM[SS]` when `colonsRequired` is false) with AM/PM and, optionally, a zone. */
function readClock(allowZone: boolean, colonsRequired = true): boolean {
  let hour = readDigits();
  let minute = 0;
  let second = 0;
  if (!colonsRequired && (digitsRead() === 4 || digitsRead() === 6) && pos === end) {
    const packed = hour;
    if (digitsRead() === 6) {
      second = packed % 100;
      hour = Math.floor(packed / 100);
    }
    minute = hour % 100;
    hour = Math.floor(hour / 100);
  } else {
    if (digitsRead() < 1 || digitsRead() > 2 || text.charCodeAt(pos) !== 58) return false;
    pos++;
    minute = readDigits();
    if (digitsRead() !== 2) return false;
    if (text.charCodeAt(pos) === 58) {
      pos++;
      second = readDigits();
      if (digitsRead() !== 2) return false;
      const dot = text.charCodeAt(pos);
      if (dot === 46 || dot === 44) {
        pos++;
        const fraction = readDigits();
        if (digitsRead() === 0 || digitsRead() > 9) return false;
        second += fraction / 10 ** digitsRead();
      }
    }
  }
  skipSpaces();
  const meridiem = readMeridiem();
  if (meridiem !== 0) {
    if (hour < 1 || hour > 12) return false;
    hour = (hour % 12) + (meridiem === 2 ? 12 : 0);
    skipSpaces();
  }
  if (hour > 23 || minute > 59 || second >= 60) return false;
  timeOfDay = hour * 3600 + minute * 60 + second;
  return pos === end || (allowZone && readZone());
}

/** 1 for AM, 2 for PM, 0 when absent. */
function readMeridiem(): number {
  if (end - pos < 2 || (text.charCodeAt(pos + 1) | 32) !== 109) return 0;
  // Not the start of a word such as a zone name (`America/New_York`).
  if (pos + 2 < end && isLetter(text.charCodeAt(pos + 2))) return 0;
  const c = text.charCodeAt(pos) | 32;
  if (c !== 97 && c !== 112) return 0;
  pos += 2;
  return c === 97 ? 1 : 2;
}

function readZone(): boolean {
  const c = text.charCodeAt(pos);
  if ((c === 90 || c === 122) && pos + 1 === end) {
    pos++;
    return true;
  }
  const word = text.slice(pos, end).toUpperCase();
  if (word === 'UTC' || word === 'GMT') {
    pos = end;
    return true;
  }
  if (c !== 43 && c !== 45) return readZoneName();
  pos++;
  const hours = readDigits();
  let minutes = 0;
  if (digitsRead() === 4) {
    minutes = hours % 100;
  } else if (digitsRead() === 2) {
    if (text.charCodeAt(pos) === 58) {
      pos++;
      minutes = readDigits();
      if (digitsRead() !== 2) return false;
    }
  } else {
    return false;
  }
  const wholeHours = hours >= 100 ? Math.floor(hours / 100) : hours;
  if (wholeHours > 23 || minutes > 59 || pos !== end) return false;
  zoneOffset = (c === 45 ? -1 : 1) * (wholeHours * 3600 + minutes * 60);
  return true;
}

/** An IANA zone name (`America/New_York`, `US/Eastern`) up to the cell's end, known to the runtime. */
function readZoneName(): boolean {
  const name = text.slice(pos, end);
  if (name !== checkedZone) {
    checkedZone = name;
    checkedZoneKnown = /^[A-Za-z][A-Za-z0-9_+/-]*$/.test(name) && isIanaZone(name);
  }
  if (!checkedZoneKnown) return false;
  zoneName = name;
  pos = end;
  return true;
}

function setSingle(reading: TimeCellReading, family: TimeFamily, seconds: number): TimeCellReading {
  reading.family = family;
  reading.monthFirst = seconds;
  reading.dayFirst = seconds;
  return reading;
}

/** `YYYYMMDD` as a calendar day (with the clock already read into `timeOfDay`), else NaN. */
function compactDaySeconds(packed: number): number {
  return calendarSeconds(Math.floor(packed / 10000), Math.floor(packed / 100) % 100, packed % 100);
}

/** `HHMM` or `HHMMSS` packed into an integer of `digits` digits, into `timeOfDay`; false when invalid. */
function setPackedClock(packed: number, digits: number): boolean {
  const hour = digits === 6 ? Math.floor(packed / 10000) : Math.floor(packed / 100);
  const minute = digits === 6 ? Math.floor(packed / 100) % 100 : packed % 100;
  const second = digits === 6 ? packed % 100 : 0;
  if (hour > 23 || minute > 59 || second > 59) return false;
  timeOfDay = hour * 3600 + minute * 60 + second;
  zoneOffset = 0;
  return true;
}

/** A signed integer or decimal: epoch seconds or milliseconds, or `YYYYMMDD` in a column of those. */
function readNumeric(reading: TimeCellReading, compactDates: boolean): TimeCellReading {
  const from = pos;
  const sign = text.charCodeAt(pos);
  if (sign === 43 || sign === 45) pos++;
  const whole = readDigits();
  const wholeDigits = digitsRead();
  let fractionDigits = 0;
  if (pos < end && text.charCodeAt(pos) === 46) {
    pos++;
    readDigits();
    fractionDigits = digitsRead();
    if (fractionDigits === 0) return reading;
  }
  if (wholeDigits === 0 || pos !== end) return reading;
  const unsigned = fractionDigits === 0 && pos - from === wholeDigits;
  // `YYYYMMDDHHMMSS` is no epoch value of any unit in range; `YYYYMMDD` and `YYYYMMDDHHMM` are read
  // as dates only in a column of them (an epoch in milliseconds before 2001 also has 12 digits).
  if (unsigned && (wholeDigits === 14 || (compactDates && (wholeDigits === 8 || wholeDigits === 12)))) {
    const clockDigits = wholeDigits - 8;
    const day = Math.floor(whole / 10 ** clockDigits);
    timeOfDay = 0;
    zoneOffset = 0;
    if (clockDigits > 0 && !setPackedClock(whole % 10 ** clockDigits, clockDigits)) return reading;
    reading.hasTime = clockDigits > 0;
    return setSingle(reading, 'yyyymmdd', compactDaySeconds(day));
  }
  const value = Number(text.slice(from, end));
  const magnitude = Math.abs(value);
  if (magnitude >= EPOCH_MICROSECONDS_FROM) {
    if (!(magnitude / 1000 <= MAX_DATE_MS)) return reading;
    return setSingle(reading, 'epoch-microseconds', value / 1e6);
  }
  const millis = magnitude >= EPOCH_MILLISECONDS_FROM;
  const ms = millis ? value : value * 1000;
  if (!(Math.abs(ms) <= MAX_DATE_MS)) return reading;
  return setSingle(reading, millis ? 'epoch-milliseconds' : 'epoch-seconds', millis ? value / 1000 : value);
}

/**
 * `YYYYMMDD HHMMSS`, `YYYYMMDD HHMM`, `YYYYMMDDTHHMMSS` or `YYYYMMDD HH:MM:SS [zone]`: the day is
 * already read as `day`.
 */
function readCompactDateTime(reading: TimeCellReading, day: number): TimeCellReading {
  pos++;
  skipSpaces();
  const clockFrom = pos;
  const packed = readDigits();
  if (digitsRead() <= 2 && text.charCodeAt(pos) === 58) {
    // `HH:MM[:SS]` and an optional zone, as Interactive Brokers' exports have it.
    pos = clockFrom;
    zoneOffset = 0;
    if (!readClock(true)) return reading;
    reading.hasTime = true;
    reading.separator = ':';
    return setSingle(reading, 'yyyymmdd', compactDaySeconds(day));
  }
  const digits = digitsRead();
  if ((digits !== 4 && digits !== 6) || pos !== end || !setPackedClock(packed, digits)) return reading;
  reading.hasTime = true;
  return setSingle(reading, 'yyyymmdd', compactDaySeconds(day));
}

/** `Jan 2 2020`, `January 2, 2020`, optionally followed by a time. */
function readMonthFirstName(reading: TimeCellReading): TimeCellReading {
  const month = readMonthName();
  skipSpaces();
  const day = readDigits();
  if (month === 0 || digitsRead() < 1 || digitsRead() > 2) return reading;
  if (text.charCodeAt(pos) === 44) pos++;
  skipSpaces();
  const year = expandYear(readDigits(), digitsRead());
  if (!readTimeSuffix(reading)) return reading;
  return setSingle(reading, 'month-name', calendarSeconds(year, month, day));
}

/**
 * Reads `cell` into `reading` (returned). Both readings are NaN when the cell is no time at all.
 * `compactDates`: the column holds `YYYYMMDD` integers rather than epoch values.
 */
export function readTimeCell(cell: string, compactDates: boolean, reading: TimeCellReading): TimeCellReading {
  if (readFixedIso(cell, reading)) return reading;
  reading.monthFirst = Number.NaN;
  reading.dayFirst = Number.NaN;
  reading.family = 'none';
  reading.separator = '';
  reading.first = 0;
  reading.second = 0;
  reading.hasTime = false;
  start(cell);
  if (pos === end) return reading;
  const c0 = text.charCodeAt(pos);
  if (isLetter(c0)) return readMonthFirstName(reading);
  if (!isDigit(c0)) return readNumeric(reading, compactDates);
  const a = readDigits();
  const aDigits = digitsRead();
  if (pos === end) {
    start(cell);
    return readNumeric(reading, compactDates);
  }
  const sep = text.charCodeAt(pos);
  if (aDigits === 8 && (isSpace(sep) || sep === 84 || sep === 116)) return readCompactDateTime(reading, a);
  if (isSpace(sep) && aDigits <= 2) return readDayMonthName(reading, a);
  if (sep !== 45 && sep !== 47 && sep !== 46) return reading;
  if (sep === 46 && aDigits > 4) {
    start(cell);
    return readNumeric(reading, compactDates);
  }
  pos++;
  if (aDigits === 4) return readYearFirst(reading, a, sep);
  if (aDigits > 2) return reading;
  if (isLetter(text.charCodeAt(pos))) {
    const month = readMonthName();
    if (month === 0 || text.charCodeAt(pos) !== sep) return reading;
    pos++;
    const year = expandYear(readDigits(), digitsRead());
    if (!readTimeSuffix(reading)) return reading;
    return setSingle(reading, 'month-name', calendarSeconds(year, month, a));
  }
  const b = readDigits();
  if (digitsRead() < 1 || digitsRead() > 2 || text.charCodeAt(pos) !== sep) return reading;
  pos++;
  const year = expandYear(readDigits(), digitsRead());
  if (!readTimeSuffix(reading)) return reading;
  reading.family = 'numeric-date';
  reading.separator = String.fromCharCode(sep);
  reading.first = a;
  reading.second = b;
  reading.monthFirst = calendarSeconds(year, a, b);
  reading.dayFirst = calendarSeconds(year, b, a);
  return reading;
}

/** The digit at `at` of `cell` as a number, or -1000 (so that any sum of digits goes negative). */
function digitAt(cell: string, at: number): number {
  const d = cell.charCodeAt(at) - 48;
  return d >= 0 && d <= 9 ? d : -1000;
}

/**
 * The form nearly every export writes, `YYYY-MM-DD HH:MM:SS` (or with a `T`, or `HH:MM` only), read
 * from fixed positions with no scanner state: a fifth of the general path's time on a million rows.
 * True with `reading` filled as the general path fills it; false for anything else, any field out of
 * range included, which the general path then reads (and reports).
 */
function readFixedIso(cell: string, reading: TimeCellReading): boolean {
  const length = cell.length;
  if (length !== 19 && length !== 16) return false;
  const sep = cell.charCodeAt(4);
  const mid = cell.charCodeAt(10);
  if (
    (sep !== 45 && sep !== 47 && sep !== 46) ||
    cell.charCodeAt(7) !== sep ||
    (mid !== 32 && mid !== 84 && mid !== 116) ||
    cell.charCodeAt(13) !== 58 ||
    (length === 19 && cell.charCodeAt(16) !== 58)
  ) {
    return false;
  }
  const year = digitAt(cell, 0) * 1000 + digitAt(cell, 1) * 100 + digitAt(cell, 2) * 10 + digitAt(cell, 3);
  const month = digitAt(cell, 5) * 10 + digitAt(cell, 6);
  const day = digitAt(cell, 8) * 10 + digitAt(cell, 9);
  const hour = digitAt(cell, 11) * 10 + digitAt(cell, 12);
  const minute = digitAt(cell, 14) * 10 + digitAt(cell, 15);
  const second = length === 19 ? digitAt(cell, 17) * 10 + digitAt(cell, 18) : 0;
  if (
    year < 0 ||
    month < 1 ||
    month > 12 ||
    day < 1 ||
    day > daysInMonth(year, month) ||
    hour < 0 ||
    hour > 23 ||
    minute < 0 ||
    minute > 59 ||
    second < 0 ||
    second > 59
  ) {
    return false;
  }
  timeOfDay = hour * 3600 + minute * 60 + second;
  zoneOffset = 0;
  zoneName = null;
  reading.family = 'iso';
  reading.separator = sep === 45 ? '-' : sep === 47 ? '/' : '.';
  reading.first = 0;
  reading.second = 0;
  reading.hasTime = true;
  const seconds = calendarSeconds(year, month, day);
  reading.monthFirst = seconds;
  reading.dayFirst = seconds;
  return true;
}

function readYearFirst(reading: TimeCellReading, year: number, sep: number): TimeCellReading {
  const month = readDigits();
  if (digitsRead() < 1 || digitsRead() > 2 || text.charCodeAt(pos) !== sep) return reading;
  pos++;
  const day = readDigits();
  if (digitsRead() < 1 || digitsRead() > 2 || !readTimeSuffix(reading)) return reading;
  reading.separator = String.fromCharCode(sep);
  return setSingle(reading, 'iso', calendarSeconds(year, month, day));
}

/** `2 Jan 2020`, optionally followed by a time. */
function readDayMonthName(reading: TimeCellReading, day: number): TimeCellReading {
  skipSpaces();
  const month = readMonthName();
  skipSpaces();
  const year = expandYear(readDigits(), digitsRead());
  if (month === 0 || !readTimeSuffix(reading)) return reading;
  return setSingle(reading, 'month-name', calendarSeconds(year, month, day));
}

/** Seconds into the day of a time-only cell (`HH:MM[:SS]`, `HHMM`, `HHMMSS`, AM/PM), else NaN. */
export function parseTimeOfDay(cell: string): number {
  start(cell);
  if (pos === end || !isDigit(text.charCodeAt(pos))) return Number.NaN;
  return readClock(false, false) ? timeOfDay : Number.NaN;
}

/** One cell as UTC seconds (NaN if invalid), reading `first/second/year` dates as told. */
export function parseDateTime(cell: string, dayFirst = false, compactDates = false): number {
  const reading = readTimeCell(cell, compactDates, createTimeCellReading());
  return dayFirst ? reading.dayFirst : reading.monthFirst;
}
