import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MemoryStorage } from '../test/memory-storage';
import { THEME_IDS } from '../themes/themes';
import type { LayoutNode } from './layout-node';
import {
  BACKUP_KEY_PREFIX,
  deleteNamedWorkspace,
  listBackups,
  listNamedWorkspaces,
  loadWorkspace,
  MAX_BACKUPS,
  NAMED_KEY_PREFIX,
  openNamedWorkspace,
  parseWorkspaceFile,
  saveNamedWorkspace,
  serializeStoredWorkspace,
  serializeWorkspace,
  WORKSPACE_KEY,
} from './persistence';
import { type Annotation, LINK_GROUPS, type PaneState, type WorkspaceDocument } from './workspace-document';

const NOW = new Date('2024-05-01T12:00:00.000Z');
const clock = () => NOW;

function sampleDocument(theme: WorkspaceDocument['theme'] = 'vivid'): WorkspaceDocument {
  return {
    version: 1,
    layout: { type: 'split', direction: 'row', children: ['p1', 'p2'], splitPercentages: [70, 30] },
    panes: {
      p1: { id: 'p1', kind: 'candlestick', symbol: 'SPX', linkGroup: 'green', settings: { scale: 'log' } },
      p2: { id: 'p2', kind: 'watchlist', symbol: '', linkGroup: 'green', settings: {} },
    },
    annotations: {},
    theme,
    maximizedPaneId: null,
  };
}

// --- An arbitrary valid document: a row or column of 1..6 panes, with annotations and a theme. ---

const KINDS = ['candlestick', 'hollow-candlestick', 'ohlc', 'line', 'xy-line', 'donut', 'watchlist'];
const SYMBOLS = ['SPX', 'MSFT', 'AMZN', 'IBM', 'AAPL', 'GOOG', ''];
// valibot drops these record keys to prevent prototype pollution, so a document cannot carry them.
const RESERVED_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** Settings as they come back from JSON (no -0, ordinary prototypes), which is what gets saved. */
const settingsArbitrary = fc
  .dictionary(
    fc.string({ maxLength: 8 }).filter((key) => !RESERVED_KEYS.has(key)),
    fc.jsonValue({ maxDepth: 2 }),
    { maxKeys: 4 },
  )
  .map((settings) => JSON.parse(JSON.stringify(settings)) as Record<string, unknown>);

function annotationArbitrary(paneIds: string[], id: string): fc.Arbitrary<Annotation> {
  return fc
    .record({
      paneId: fc.constantFrom(...paneIds),
      kind: fc.constantFrom('cross-line', 'horizontal-line', 'vertical-line'),
      time: fc.integer({ min: 946_684_800, max: 1_900_000_000 }),
      price: fc.integer({ min: 1, max: 10_000_000 }).map((cents) => cents / 100),
      label: fc.string({ maxLength: 12 }),
      color: fc.constantFrom('#ff0000', '#2962ff', 'rgb(0, 128, 0)'),
      lineStyle: fc.constantFrom('solid', 'dashed', 'dotted'),
      lineWidth: fc.constantFrom(1, 2, 3, 0.5),
      locked: fc.boolean(),
      hidden: fc.boolean(),
    })
    .map(({ time, price, ...rest }) => ({
      id,
      ...rest,
      ...(rest.kind !== 'horizontal-line' ? { time } : {}),
      ...(rest.kind !== 'vertical-line' ? { price } : {}),
    }));
}

const documentArbitrary: fc.Arbitrary<WorkspaceDocument> = fc.integer({ min: 1, max: 6 }).chain((count) => {
  const ids = Array.from({ length: count }, (_, index) => `p${index + 1}`);
  const paneArbitrary = (id: string): fc.Arbitrary<PaneState> =>
    fc.record({
      id: fc.constant(id),
      kind: fc.constantFrom(...KINDS),
      symbol: fc.constantFrom(...SYMBOLS),
      linkGroup: fc.constantFrom(null, ...LINK_GROUPS),
      settings: settingsArbitrary,
    });
  return fc
    .record({
      panes: fc.tuple(...ids.map(paneArbitrary)),
      annotations: fc.array(fc.nat({ max: 3 }), { maxLength: 3 }),
      theme: fc.constantFrom(...THEME_IDS),
      maximizedPaneId: fc.option(fc.constantFrom(...ids), { nil: null }),
      direction: fc.constantFrom('row' as const, 'column' as const),
      sized: fc.boolean(),
    })
    .chain(({ annotations, ...rest }) =>
      fc
        .tuple(...annotations.map((_, index) => annotationArbitrary(ids, `a${index + 1}`)))
        .map((list) => ({ ...rest, annotations: list })),
    )
    .map(({ panes, annotations, theme, maximizedPaneId, direction, sized }) => {
      const layout: LayoutNode =
        count === 1
          ? 'p1'
          : {
              type: 'split',
              direction,
              children: ids,
              ...(sized ? { splitPercentages: ids.map(() => 100 / count) } : {}),
            };
      return {
        version: 1,
        layout,
        panes: Object.fromEntries(panes.map((pane) => [pane.id, pane])),
        annotations: Object.fromEntries(annotations.map((annotation) => [annotation.id, annotation])),
        theme,
        maximizedPaneId,
      };
    });
});

describe('loadWorkspace', () => {
  it('finds nothing in empty storage', () => {
    expect(loadWorkspace(new MemoryStorage(), clock)).toEqual({ status: 'empty' });
  });

  it('loads a saved document', () => {
    const storage = new MemoryStorage();
    storage.setItem(WORKSPACE_KEY, JSON.stringify(sampleDocument()));
    expect(loadWorkspace(storage, clock)).toEqual({
      status: 'loaded',
      document: sampleDocument(),
      revision: 0,
    });
  });

  it('upgrades a version 0 document and says so, without writing', () => {
    const storage = new MemoryStorage();
    const {
      version: _version,
      annotations: _annotations,
      maximizedPaneId: _maximized,
      ...v0
    } = sampleDocument();
    storage.setItem(WORKSPACE_KEY, JSON.stringify({ ...v0, maximized: 'p2' }));
    const before = storage.snapshot();
    expect(loadWorkspace(storage, clock)).toEqual({
      status: 'loaded',
      document: { ...sampleDocument(), maximizedPaneId: 'p2' },
      revision: 0,
      migratedFrom: 0,
    });
    expect(storage.snapshot()).toEqual(before);
  });

  it.each([
    ['bad JSON', '{"version": 1, "layout": }', /^Not JSON: /],
    [
      'a failed validation',
      JSON.stringify({ ...sampleDocument(), theme: 'neon' }),
      /^theme: expected a theme id/,
    ],
  ])('backs up a document with %s under a timestamped key, exactly as stored', (_what, raw, problem) => {
    const storage = new MemoryStorage();
    storage.setItem(WORKSPACE_KEY, raw);
    const result = loadWorkspace(storage, clock);
    const backupKey = `${BACKUP_KEY_PREFIX}2024-05-01T12:00:00.000Z`;
    expect(result).toEqual({ status: 'unreadable', problem: expect.stringMatching(problem), backupKey, raw });
    expect(storage.getItem(backupKey)).toBe(raw);
    expect(storage.getItem(WORKSPACE_KEY)).toBe(raw);
  });

  it('keeps one backup of the same text across reloads', () => {
    const storage = new MemoryStorage();
    storage.setItem(WORKSPACE_KEY, 'not json');
    const first = loadWorkspace(storage, clock);
    const second = loadWorkspace(storage, () => new Date('2024-06-01T00:00:00.000Z'));
    expect(second).toEqual(first);
    expect([...storage.items.keys()].filter((key) => key.startsWith(BACKUP_KEY_PREFIX))).toHaveLength(1);
  });

  it('never replaces an earlier backup that has the same timestamp', () => {
    const storage = new MemoryStorage();
    const taken = `${BACKUP_KEY_PREFIX}2024-05-01T12:00:00.000Z`;
    storage.setItem(taken, 'older unreadable text');
    storage.setItem(WORKSPACE_KEY, 'newer unreadable text');
    const result = loadWorkspace(storage, clock);
    expect(result).toMatchObject({
      status: 'unreadable',
      backupKey: `${BACKUP_KEY_PREFIX}2024-05-01T12:00:00.001Z`,
    });
    expect(storage.getItem(taken)).toBe('older unreadable text');
  });

  it(`keeps at most ${MAX_BACKUPS} backups, dropping the oldest, and lists them newest first`, () => {
    const storage = new MemoryStorage();
    const days = ['2024-05-01', '2024-05-02', '2024-05-03', '2024-05-04', '2024-05-05'];
    for (const [index, day] of days.entries()) {
      storage.setItem(WORKSPACE_KEY, `{"broken": ${index}`);
      loadWorkspace(storage, () => new Date(`${day}T08:00:00.000Z`));
    }
    const backups = listBackups(storage);
    expect(backups.map((b) => b.savedAt)).toEqual([
      '2024-05-05T08:00:00.000Z',
      '2024-05-04T08:00:00.000Z',
      '2024-05-03T08:00:00.000Z',
    ]);
    expect(backups[0]?.raw).toBe('{"broken": 4');
  });

  it('reports a backup it could not write (storage full) as a null key', () => {
    const raw = 'x'.repeat(50);
    const storage = new MemoryStorage(WORKSPACE_KEY.length + raw.length + 10);
    storage.setItem(WORKSPACE_KEY, raw);
    expect(loadWorkspace(storage, clock)).toMatchObject({ status: 'unreadable', backupKey: null, raw });
    expect(storage.getItem(WORKSPACE_KEY)).toBe(raw);
  });

  it('leaves a newer document alone and writes nothing', () => {
    const storage = new MemoryStorage();
    const raw = JSON.stringify({ ...sampleDocument(), version: 3, newField: true });
    storage.setItem(WORKSPACE_KEY, raw);
    const before = storage.snapshot();
    expect(loadWorkspace(storage, clock)).toEqual({
      status: 'newer',
      problem: 'This workspace was saved by a newer version (schema 3); this version reads up to schema 1.',
      raw,
    });
    expect(storage.snapshot()).toEqual(before);
  });

  it('never throws; backs up whatever it cannot read, exactly, and keeps the main key', () => {
    const raws = fc.oneof(
      fc.string(),
      fc.jsonValue().map((value) => JSON.stringify(value)),
      documentArbitrary.map((document) => JSON.stringify(document).slice(0, -1)),
    );
    fc.assert(
      fc.property(raws, (raw) => {
        const storage = new MemoryStorage();
        storage.setItem(WORKSPACE_KEY, raw);
        const result = loadWorkspace(storage, clock);
        expect(storage.getItem(WORKSPACE_KEY)).toBe(raw);
        if (result.status === 'unreadable') {
          expect(result.raw).toBe(raw);
          expect(result.backupKey).not.toBeNull();
          expect(storage.getItem(result.backupKey as string)).toBe(raw);
        } else {
          expect(storage.length).toBe(1);
        }
      }),
      { seed: 2024, numRuns: 500 },
    );
  });
});

describe('named workspaces', () => {
  it('saves, lists sorted, opens and deletes', () => {
    const storage = new MemoryStorage();
    storage.setItem(WORKSPACE_KEY, JSON.stringify(sampleDocument()));
    expect(saveNamedWorkspace(storage, '  Morning  ', sampleDocument('sheets'))).toEqual({
      ok: true,
      name: 'Morning',
    });
    expect(saveNamedWorkspace(storage, 'Asia close', sampleDocument('vivid-dark')).ok).toBe(true);
    expect(saveNamedWorkspace(storage, 'Zebra', sampleDocument()).ok).toBe(true);
    expect(listNamedWorkspaces(storage)).toEqual(['Asia close', 'Morning', 'Zebra']);
    expect(openNamedWorkspace(storage, 'Morning ')).toEqual({ ok: true, document: sampleDocument('sheets') });
    expect(deleteNamedWorkspace(storage, ' Morning')).toBe(true);
    expect(deleteNamedWorkspace(storage, 'Morning')).toBe(false);
    expect(listNamedWorkspaces(storage)).toEqual(['Asia close', 'Zebra']);
    expect(storage.getItem(WORKSPACE_KEY)).toBe(JSON.stringify(sampleDocument()));
  });

  it('replaces a workspace saved under the same name', () => {
    const storage = new MemoryStorage();
    saveNamedWorkspace(storage, 'Desk', sampleDocument('default'));
    saveNamedWorkspace(storage, 'Desk', sampleDocument('material'));
    expect(listNamedWorkspaces(storage)).toEqual(['Desk']);
    expect(openNamedWorkspace(storage, 'Desk')).toMatchObject({ ok: true, document: { theme: 'material' } });
  });

  it('accepts names of 1 to 60 characters and nothing else', () => {
    const storage = new MemoryStorage();
    expect(saveNamedWorkspace(storage, 'x'.repeat(60), sampleDocument()).ok).toBe(true);
    expect(saveNamedWorkspace(storage, 'a', sampleDocument()).ok).toBe(true);
    for (const name of ['', '   ', 'x'.repeat(61), 'tab\there']) {
      expect(saveNamedWorkspace(storage, name, sampleDocument())).toMatchObject({ ok: false });
    }
    expect(listNamedWorkspaces(storage)).toEqual(['a', 'x'.repeat(60)]);
  });

  it('lists only named workspaces', () => {
    const storage = new MemoryStorage();
    storage.setItem(WORKSPACE_KEY, '{}');
    storage.setItem(`${BACKUP_KEY_PREFIX}2024-01-01T00:00:00.000Z`, '{}');
    storage.setItem('other.app', '{}');
    storage.setItem(`${NAMED_KEY_PREFIX} untrimmed`, '{}');
    saveNamedWorkspace(storage, 'Mine', sampleDocument());
    expect(listNamedWorkspaces(storage)).toEqual(['Mine']);
  });

  it('explains why a named workspace cannot be opened', () => {
    const storage = new MemoryStorage();
    expect(openNamedWorkspace(storage, 'Nope')).toEqual({
      ok: false,
      problem: 'No saved workspace is named "Nope"',
    });
    storage.setItem(`${NAMED_KEY_PREFIX}Broken`, '{');
    expect(openNamedWorkspace(storage, 'Broken')).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/^Not JSON: /),
    });
    storage.setItem(`${NAMED_KEY_PREFIX}Future`, JSON.stringify({ version: 9 }));
    expect(openNamedWorkspace(storage, 'Future')).toMatchObject({ ok: false, newerVersion: 9 });
  });

  it('does not replace a named workspace saved by a newer version', () => {
    const storage = new MemoryStorage();
    const raw = JSON.stringify({ version: 9 });
    storage.setItem(`${NAMED_KEY_PREFIX}Future`, raw);
    expect(saveNamedWorkspace(storage, 'Future', sampleDocument())).toMatchObject({ ok: false });
    expect(storage.getItem(`${NAMED_KEY_PREFIX}Future`)).toBe(raw);
  });

  it('reports a full quota as a problem', () => {
    const storage = new MemoryStorage(50);
    expect(saveNamedWorkspace(storage, 'Big', sampleDocument())).toMatchObject({
      ok: false,
      problem: expect.stringContaining('could not be saved'),
    });
  });
});

describe('workspace files', () => {
  it('writes pretty JSON with the version first', () => {
    const text = serializeWorkspace(sampleDocument());
    expect(text.startsWith('{\n  "version": 1,\n')).toBe(true);
    expect(JSON.parse(text)).toEqual(sampleDocument());
  });

  it('round-trips any valid document unchanged', () => {
    fc.assert(
      fc.property(documentArbitrary, (document) => {
        expect(parseWorkspaceFile(serializeWorkspace(document))).toEqual({ ok: true, document });
      }),
      { seed: 31, numRuns: 300 },
    );
  });

  it('round-trips any valid document through the stored form and loadWorkspace', () => {
    fc.assert(
      fc.property(documentArbitrary, fc.nat(), (document, revision) => {
        const storage = new MemoryStorage();
        storage.setItem(WORKSPACE_KEY, serializeStoredWorkspace(document, revision, 'tab-1'));
        expect(loadWorkspace(storage, clock)).toEqual({ status: 'loaded', document, revision });
      }),
      { seed: 32, numRuns: 100 },
    );
  });

  it('reads a file with a byte-order mark', () => {
    expect(parseWorkspaceFile(`\uFEFF${serializeWorkspace(sampleDocument())}`)).toEqual({
      ok: true,
      document: sampleDocument(),
    });
  });

  it('explains files it cannot import', () => {
    expect(parseWorkspaceFile('{"a": }')).toEqual({
      ok: false,
      problem: expect.stringMatching(/^Not JSON: \S/),
    });
    expect(parseWorkspaceFile('')).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/^Not JSON: /),
    });
    const bad = JSON.stringify({
      ...sampleDocument(),
      panes: { ...sampleDocument().panes, p2: { ...sampleDocument().panes.p2, kind: 3 } },
    });
    expect(parseWorkspaceFile(bad)).toEqual({
      ok: false,
      problem: 'panes.p2.kind: expected a pane kind, got 3',
    });
  });

  it('never throws for any text', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.jsonValue().map((value) => JSON.stringify(value)),
        ),
        (text) => {
          const result = parseWorkspaceFile(text);
          if (!result.ok) expect(result.problem).toMatch(/\S/);
        },
      ),
      { seed: 33, numRuns: 500 },
    );
  });
});
