import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  readChartSettings,
  withCompared,
  withoutCompared,
  withoutStudy,
  withStudy,
  withStudyToggled,
} from './chart-settings';
import { STUDY_KINDS } from './studies';

const ids = STUDY_KINDS.map((k) => k.id);

describe('chart settings', () => {
  it('reads defaults from empty settings, and only known, unrepeated study ids from stored ones', () => {
    expect(readChartSettings({})).toEqual({
      visibility: { price: true, volume: true, ma: true },
      logScale: false,
      interval: null,
      outOfSession: 'show',
      sessionBreaks: false,
      ownInterval: false,
      studies: [],
      hiddenStudies: [],
      compare: [],
      compareScale: 'percent',
    });
    const read = readChartSettings({
      studies: ['rsi14', 'nope', 'rsi14', 7, 'macd'],
      hiddenStudies: ['macd', 'sma50'],
    });
    expect(read.studies).toEqual(['rsi14', 'macd']);
    // A hidden study must be on the chart.
    expect(read.hiddenStudies).toEqual(['macd']);
    expect(readChartSettings({ studies: 'rsi14' }).studies).toEqual([]);
  });

  it('reads an old or damaged document field by field: a wrong value falls back, the rest is kept', () => {
    expect(readChartSettings({ visibility: { volume: false }, logScale: 'yes', studies: ['rsi14'] })).toEqual(
      {
        visibility: { price: true, volume: false, ma: true },
        logScale: false,
        interval: null,
        outOfSession: 'show',
        sessionBreaks: false,
        ownInterval: false,
        studies: ['rsi14'],
        hiddenStudies: [],
        compare: [],
        compareScale: 'percent',
      },
    );
    // An interval is kept in its canonical form; one that is not an interval falls back to the data's own.
    expect(readChartSettings({ interval: '2d' }).interval).toBe('2D');
    expect(readChartSettings({ interval: '5' }).interval).toBe('5m');
    expect(readChartSettings({ interval: 'weekly' }).interval).toBeNull();
    expect(readChartSettings({ visibility: 'all' }).visibility).toEqual({
      price: true,
      volume: true,
      ma: true,
    });
    // Read once per settings object: the document is immutable.
    const stored = { logScale: true };
    expect(readChartSettings(stored)).toBe(readChartSettings(stored));
  });

  it('add, toggle and remove keep the settings consistent whatever the order', () => {
    const op = fc.record({ kind: fc.constantFrom('add', 'remove', 'toggle'), id: fc.constantFrom(...ids) });
    fc.assert(
      fc.property(fc.array(op, { maxLength: 30 }), (ops) => {
        let stored: Record<string, unknown> = {};
        const model = new Map<string, boolean>(); // id -> visible, in insertion order
        for (const { kind, id } of ops) {
          const settings = readChartSettings(stored);
          if (kind === 'add') {
            stored = { ...stored, ...withStudy(settings, id) };
            if (!model.has(id)) model.set(id, true);
          } else if (kind === 'remove') {
            stored = { ...stored, ...withoutStudy(settings, id) };
            model.delete(id);
          } else if (settings.studies.includes(id)) {
            stored = { ...stored, ...withStudyToggled(settings, id) };
            model.set(id, !model.get(id));
          }
          const read = readChartSettings(stored);
          expect(read.studies).toEqual([...model.keys()]);
          expect(read.hiddenStudies.sort()).toEqual(
            [...model]
              .filter(([, visible]) => !visible)
              .map(([k]) => k)
              .sort(),
          );
        }
      }),
    );
  });
});

describe('compared symbols', () => {
  it('are read as distinct non-empty names, at most five; anything else reads as none', () => {
    expect(readChartSettings({ compare: ['AAPL', 'AAPL', '', 3, 'IBM'] }).compare).toEqual(['AAPL', 'IBM']);
    expect(readChartSettings({ compare: ['A', 'B', 'C', 'D', 'E', 'F'] }).compare).toEqual([
      'A',
      'B',
      'C',
      'D',
      'E',
    ]);
    expect(readChartSettings({ compare: 'AAPL' }).compare).toEqual([]);
    expect(readChartSettings({}).compare).toEqual([]);
  });

  it('are added once, up to the limit, and removed', () => {
    const none = readChartSettings({});
    expect(withCompared(none, 'AAPL')).toEqual({ compare: ['AAPL'] });
    const one = readChartSettings({ compare: ['AAPL'] });
    expect(withCompared(one, 'AAPL')).toEqual({});
    expect(withoutCompared(one, 'AAPL')).toEqual({ compare: [] });
    const full = readChartSettings({ compare: ['A', 'B', 'C', 'D', 'E'] });
    expect(withCompared(full, 'F')).toEqual({});
  });
});
