import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { formatPath, validateDocument } from './document-schema';
import { registerPaneSettings } from './pane-settings';
import type { Annotation, PaneState, WorkspaceDocument } from './workspace-document';

function pane(id: string, kind = 'candlestick', symbol = 'SPX'): PaneState {
  return { id, kind, symbol, linkGroup: null, settings: {} };
}

function annotation(id: string, paneId: string, overrides: Partial<Annotation> = {}): Annotation {
  return {
    id,
    paneId,
    kind: 'cross-line',
    time: 1_600_000_000,
    price: 3300.5,
    label: '',
    color: '#ff0000',
    lineStyle: 'dashed',
    lineWidth: 1,
    locked: false,
    hidden: false,
    ...overrides,
  };
}

/** Three panes: p1 beside a column of p2 over p3, with an annotation on p1 and p2 maximized. */
function sampleDocument(): WorkspaceDocument {
  return {
    version: 1,
    layout: {
      type: 'split',
      direction: 'row',
      children: ['p1', { type: 'split', direction: 'column', children: ['p2', 'p3'] }],
      splitPercentages: [60, 40],
    },
    panes: {
      p1: {
        ...pane('p1'),
        linkGroup: 'red',
        settings: { scale: 'log', studies: [{ id: 'sma', length: 20 }] },
      },
      p2: pane('p2', 'watchlist', ''),
      p3: pane('p3', 'donut', 'AAPL'),
    },
    annotations: { a1: annotation('a1', 'p1') },
    theme: 'financial-dark',
    maximizedPaneId: 'p2',
  };
}

const REMOVE = Symbol('remove');

/** A deep copy of the sample with `value` put at a dotted `path` (or the key removed). */
function changed(path: string, value: unknown): unknown {
  const document: unknown = structuredClone(sampleDocument());
  const keys = path.split('.');
  const last = keys.pop() as string;
  let target = document as Record<string, unknown>;
  for (const key of keys) target = target[key] as Record<string, unknown>;
  if (value === REMOVE) delete target[last];
  else target[last] = value;
  return document;
}

function problemOf(input: unknown): string {
  const result = validateDocument(input);
  if (result.ok) throw new Error('expected the document to be invalid');
  return result.problem;
}

describe('validateDocument', () => {
  it('accepts a valid document and returns it unchanged', () => {
    const result = validateDocument(structuredClone(sampleDocument()));
    expect(result).toEqual({ ok: true, document: sampleDocument() });
  });

  it('accepts an empty workspace and a single-pane layout', () => {
    const empty = { ...sampleDocument(), layout: null, panes: {}, annotations: {}, maximizedPaneId: null };
    expect(validateDocument(empty).ok).toBe(true);
    const single = { ...empty, layout: 'p1', panes: { p1: pane('p1') } };
    expect(validateDocument(single).ok).toBe(true);
  });

  it('drops keys it does not know rather than carrying them inside', () => {
    const result = validateDocument(changed('extra', 1));
    expect(result.ok && 'extra' in result.document).toBe(false);
  });

  it.each([
    ['panes.p3.kind: expected a pane kind, got 42', 'panes.p3.kind', 42],
    ['panes.p3.kind: missing', 'panes.p3.kind', REMOVE],
    ['panes.p3.kind: expected a pane kind, got an empty string', 'panes.p3.kind', ''],
    ['panes.p1.symbol: expected a string, got null', 'panes.p1.symbol', null],
    ['version: expected schema version 1, got 2', 'version', 2],
    ['version: missing', 'version', REMOVE],
    ['panes: expected an object of panes by id, got Array', 'panes', []],
    ['panes.p2: expected a pane object, got "p2"', 'panes.p2', 'p2'],
    [
      'annotations.a1.lineStyle: expected one of solid, dashed, dotted, got "wavy"',
      'annotations.a1.lineStyle',
      'wavy',
    ],
    ['annotations.a1.lineWidth: expected a line width above 0, got 0', 'annotations.a1.lineWidth', 0],
    ['annotations.a1.locked: expected true or false, got "no"', 'annotations.a1.locked', 'no'],
    ['maximizedPaneId: missing', 'maximizedPaneId', REMOVE],
    [
      'layout.children.1.direction: expected "row" or "column", got "diagonal"',
      'layout.children.1.direction',
      'diagonal',
    ],
    [
      'layout.children.1.children.0: expected a pane id, got an empty string',
      'layout.children.1.children.0',
      '',
    ],
    ['layout.children.1: expected a pane id or a split, got 7', 'layout.children.1', 7],
    ['layout.children: expected at least one child', 'layout.children', []],
    ['layout: splitPercentages must have one entry per child', 'layout.splitPercentages', [100]],
    ['layout: splitPercentages must add up to 100', 'layout.splitPercentages', [60, 60]],
    ['panes.p1.settings: expected plain JSON settings', 'panes.p1.settings', { when: new Date(0) }],
    ['panes.p1.settings: expected plain JSON settings', 'panes.p1.settings', { bad: Number.NaN }],
  ])('reports %s', (problem, path, value) => {
    expect(problemOf(changed(path, value))).toBe(problem);
  });

  it('names the theme ids it accepts', () => {
    const problem = problemOf(changed('theme', 'neon'));
    expect(problem).toMatch(/^theme: expected a theme id \(.*default-dark.*financial-dark.*\), got "neon"$/);
  });

  it('takes a time zone the runtime knows, names a wrong one, and leaves an absent one absent (UTC)', () => {
    const withZone = validateDocument({ ...structuredClone(sampleDocument()), timeZone: 'America/New_York' });
    expect(withZone.ok && withZone.document.timeZone).toBe('America/New_York');
    expect(validateDocument({ ...structuredClone(sampleDocument()), timeZone: 'local' }).ok).toBe(true);
    expect(problemOf(changed('timeZone', 'Mars/Olympus_Mons'))).toMatch(
      /^timeZone: expected a time zone name/,
    );
    const without = validateDocument(structuredClone(sampleDocument()));
    expect(without.ok && 'timeZone' in without.document).toBe(false);
  });

  it('names the link groups it accepts', () => {
    expect(problemOf(changed('panes.p2.linkGroup', 'pink'))).toBe(
      'panes.p2.linkGroup: expected null or one of red, green, blue, yellow, purple, orange, got "pink"',
    );
  });

  it.each([
    ['layout.children.1.children.1: pane "p9" has no entry in panes', 'layout.children.1.children.1', 'p9'],
    [
      'layout.children.1.children.1: pane "p1" appears more than once in the layout',
      'layout.children.1.children.1',
      'p1',
    ],
    ['panes.p4: pane "p4" is not in the layout', 'panes.p4', pane('p4', 'donut', 'AAPL')],
    ['panes.p3.id: expected "p3" (its key), got "p2"', 'panes.p3.id', 'p2'],
    ['maximizedPaneId: pane "p7" does not exist', 'maximizedPaneId', 'p7'],
    ['annotations.a1.paneId: pane "p7" does not exist', 'annotations.a1.paneId', 'p7'],
    ['annotations.a1.id: expected "a1" (its key), got "a2"', 'annotations.a1.id', 'a2'],
    ['annotations.a1.time: missing; a cross-line needs a time', 'annotations.a1.time', REMOVE],
    ['annotations.a1.price: missing; a cross-line needs a price', 'annotations.a1.price', REMOVE],
  ])('cross-checks: %s', (problem, path, value) => {
    expect(problemOf(changed(path, value))).toBe(problem);
  });

  it('requires only the coordinates each annotation kind uses', () => {
    const { time: _time, ...horizontal } = annotation('a1', 'p1', { kind: 'horizontal-line' });
    const { price: _price, ...vertical } = annotation('a1', 'p1', { kind: 'vertical-line' });
    expect(validateDocument(changed('annotations.a1', horizontal)).ok).toBe(true);
    expect(validateDocument(changed('annotations.a1', vertical)).ok).toBe(true);
    const { price: _missing, ...withoutPrice } = annotation('a1', 'p1', { kind: 'horizontal-line' });
    expect(problemOf(changed('annotations.a1', withoutPrice))).toBe(
      'annotations.a1.price: missing; a horizontal-line needs a price',
    );
  });

  it('a two-point drawing needs exactly its two points, each a finite time and price', () => {
    const { time: _t, price: _p, ...line } = annotation('a1', 'p1', { kind: 'trend-line' });
    const points = [
      { time: 1, price: 10 },
      { time: 2, price: 12 },
    ];
    expect(validateDocument(changed('annotations.a1', { ...line, points })).ok).toBe(true);
    expect(problemOf(changed('annotations.a1', { ...line, points: points.slice(1) }))).toBe(
      'annotations.a1.points: a trend-line needs 2 points, got 1',
    );
    expect(problemOf(changed('annotations.a1', line))).toBe(
      'annotations.a1.points: a trend-line needs 2 points, got none',
    );
    expect(
      problemOf(changed('annotations.a1', { ...line, points: [points[0], { time: 2, price: 'x' }] })),
    ).toMatch(/^annotations\.a1\.points\.1\.price: expected a price/);
  });

  it('a parallel channel needs three points; a retracement keeps its edited levels, each checked', () => {
    const { time: _t, price: _p, ...channel } = annotation('a1', 'p1', { kind: 'parallel-channel' });
    const points = [
      { time: 1, price: 10 },
      { time: 2, price: 12 },
    ];
    expect(problemOf(changed('annotations.a1', { ...channel, points }))).toBe(
      'annotations.a1.points: a parallel-channel needs 3 points, got 2',
    );
    const fib = { ...channel, kind: 'fib-retracement', points };
    const fibLevels = [
      { value: 0, visible: true },
      { value: 1.618, visible: false },
    ];
    const valid = validateDocument(changed('annotations.a1', { ...fib, fibLevels }));
    expect(valid.ok && valid.document.annotations.a1?.fibLevels).toEqual(fibLevels);
    expect(
      problemOf(changed('annotations.a1', { ...fib, fibLevels: [{ value: 'x', visible: true }] })),
    ).toMatch(/^annotations\.a1\.fibLevels\.0\.value: expected a level ratio/);
  });

  it('accepts a layout 64 splits deep', () => {
    let layout: unknown = 'p1';
    for (let depth = 0; depth < 64; depth++) layout = { type: 'split', direction: 'row', children: [layout] };
    const document = {
      ...sampleDocument(),
      layout,
      panes: { p1: pane('p1') },
      annotations: {},
      maximizedPaneId: null,
    };
    expect(validateDocument(document).ok).toBe(true);
  });

  it('rejects a layout leaf when the layout is empty but panes exist', () => {
    expect(problemOf(changed('layout', null))).toBe('panes.p1: pane "p1" is not in the layout');
  });

  it('quotes keys that would make the path ambiguous', () => {
    expect(formatPath(['panes', 'a.b', 'kind'])).toBe('panes["a.b"].kind');
    expect(formatPath(['layout', 'children', 0])).toBe('layout.children.0');
    expect(formatPath([])).toBe('document');
    const problem = problemOf(changed('panes.my pane', 5));
    expect(problem).toBe('panes["my pane"]: expected a pane object, got 5');
  });

  it('describes non-objects at the root', () => {
    expect(problemOf(null)).toBe('document: expected a workspace object, got null');
    expect(problemOf('text')).toBe('document: expected a workspace object, got "text"');
    expect(problemOf(undefined)).toBe('document: missing; expected a workspace object');
  });

  it('survives a hostile, deeply nested layout', () => {
    let layout: unknown = 'p1';
    for (let depth = 0; depth < 100_000; depth++)
      layout = { type: 'split', direction: 'row', children: [layout] };
    const problem = problemOf(changed('layout', layout));
    expect(problem).toMatch(/^layout(\.children\.0){64}: nested more than 64 splits deep$/);
  });

  it('never throws, whatever it is given', () => {
    fc.assert(
      fc.property(fc.oneof(fc.anything(), fc.jsonValue()), (input) => {
        const result = validateDocument(input);
        expect(typeof result.ok).toBe('boolean');
        if (!result.ok) expect(result.problem.length).toBeGreaterThan(0);
      }),
      { seed: 42, numRuns: 500 },
    );
  });

  it('never throws for a valid document with one field replaced by anything', () => {
    const paths = [
      'version',
      'layout',
      'panes.p1',
      'panes.p1.settings',
      'annotations.a1.time',
      'theme',
      'maximizedPaneId',
      'layout.children.1',
    ];
    fc.assert(
      fc.property(fc.constantFrom(...paths), fc.anything(), (path, value) => {
        const input = changed(path, value);
        expect(() => validateDocument(input)).not.toThrow();
      }),
      { seed: 7, numRuns: 300 },
    );
  });
});

describe('pane settings in the document', () => {
  it('are read through the schema each pane kind registers: defaults for what is missing or wrong', () => {
    registerPaneSettings(
      'settings-test-kind',
      v.object({
        scale: v.fallback(v.picklist(['linear', 'log']), 'linear'),
        studies: v.fallback(v.array(v.string()), []),
      }),
    );
    const doc = {
      ...sampleDocument(),
      panes: {
        ...sampleDocument().panes,
        p1: { ...pane('p1', 'settings-test-kind'), settings: { scale: 'cubic', studies: ['sma', 3] } },
      },
    };
    const result = validateDocument(doc);
    if (!result.ok) throw new Error(result.problem);
    // A bad entry falls back on its own; every other pane, and the rest of the document, is as saved.
    expect(result.document.panes.p1?.settings).toEqual({ scale: 'linear', studies: [] });
    expect(result.document.panes.p2).toEqual(sampleDocument().panes.p2);
    expect(result.document.annotations).toEqual(sampleDocument().annotations);
    // A kind with no registered schema keeps its plain JSON settings.
    expect(validateDocument(sampleDocument())).toEqual({ ok: true, document: sampleDocument() });
  });
});
