import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS, migrateDocument } from './migrations';
import { DOCUMENT_VERSION, type WorkspaceDocument } from './workspace-document';

function currentDocument(): WorkspaceDocument {
  return {
    version: 1,
    layout: { type: 'split', direction: 'column', children: ['p1', 'p2'] },
    panes: {
      p1: { id: 'p1', kind: 'line', symbol: 'MSFT', linkGroup: 'blue', settings: {} },
      p2: { id: 'p2', kind: 'watchlist', symbol: '', linkGroup: 'blue', settings: { sort: 'change' } },
    },
    annotations: {
      a1: {
        id: 'a1',
        paneId: 'p1',
        kind: 'horizontal-line',
        price: 42,
        label: 'support',
        color: '#00aa00',
        lineStyle: 'solid',
        lineWidth: 2,
        locked: true,
        hidden: false,
      },
    },
    theme: 'sheets',
    maximizedPaneId: null,
  };
}

/** The pre-release shape: no version, `maximized` instead of `maximizedPaneId`, no annotations. */
function version0Document(maximized: unknown = 'p2'): Record<string, unknown> {
  const {
    version: _version,
    annotations: _annotations,
    maximizedPaneId: _maximized,
    ...rest
  } = currentDocument();
  return { ...rest, maximized };
}

/** One saved document per old version; adding a migration without a fixture fails the suite. */
const FIXTURES: Record<number, () => Record<string, unknown>> = {
  0: () => version0Document(),
};

describe('migrateDocument', () => {
  it('accepts a current document as it is, without reporting a migration', () => {
    const result = migrateDocument(structuredClone(currentDocument()));
    expect(result).toEqual({ ok: true, document: currentDocument() });
    expect(result.ok && 'migratedFrom' in result).toBe(false);
  });

  it('has a migration from every version below the current one', () => {
    for (let version = 0; version < DOCUMENT_VERSION; version++) {
      expect(MIGRATIONS[version], `migration from ${version}`).toBeTypeOf('function');
      expect(FIXTURES[version], `fixture for ${version}`).toBeTypeOf('function');
    }
  });

  it.each(Object.keys(MIGRATIONS).map(Number))(
    'upgrades a version %i document to the current version',
    (version) => {
      const fixture = FIXTURES[version];
      if (!fixture) throw new Error(`no fixture for version ${version}`);
      const result = migrateDocument(fixture());
      expect(result).toMatchObject({ ok: true, migratedFrom: version });
      expect(result.ok && result.document.version).toBe(DOCUMENT_VERSION);
    },
  );

  it('turns version 0 `maximized` into `maximizedPaneId` and adds empty annotations', () => {
    const result = migrateDocument(version0Document('p2'));
    const expected: WorkspaceDocument = { ...currentDocument(), annotations: {}, maximizedPaneId: 'p2' };
    expect(result).toEqual({ ok: true, document: expected, migratedFrom: 0 });
    if (!result.ok) return;
    expect('maximized' in result.document).toBe(false);
  });

  it('reads a version 0 document with nothing maximized', () => {
    const { maximized: _maximized, ...withoutMaximized } = version0Document();
    for (const input of [version0Document(null), withoutMaximized]) {
      const result = migrateDocument(input);
      expect(result.ok && result.document.maximizedPaneId).toBe(null);
    }
  });

  it('treats an explicit version 0 like a missing one', () => {
    const result = migrateDocument({ ...version0Document(), version: 0 });
    expect(result).toMatchObject({ ok: true, migratedFrom: 0 });
  });

  it('does not modify its input', () => {
    const input = version0Document();
    const before = structuredClone(input);
    migrateDocument(input);
    expect(input).toEqual(before);
  });

  it('validates after migrating and says it migrated', () => {
    const input = { ...version0Document('p9') };
    expect(migrateDocument(input)).toEqual({
      ok: false,
      problem: 'maximizedPaneId: pane "p9" does not exist (after upgrading from schema 0)',
    });
  });

  it('refuses a newer version and says which', () => {
    const result = migrateDocument({ ...currentDocument(), version: 3 });
    expect(result).toEqual({
      ok: false,
      newerVersion: 3,
      problem: 'This workspace was saved by a newer version (schema 3); this version reads up to schema 1.',
    });
  });

  it('refuses a newer version even when the rest of it is nonsense', () => {
    expect(migrateDocument({ version: DOCUMENT_VERSION + 1, panes: 'who knows' })).toMatchObject({
      ok: false,
      newerVersion: DOCUMENT_VERSION + 1,
    });
  });

  it.each([
    [null, 'Not a workspace: expected an object, got null'],
    [[], 'Not a workspace: expected an object, got a list'],
    ['{}', 'Not a workspace: expected an object, got the text "{}"'],
    [42, 'Not a workspace: expected an object, got 42'],
    [undefined, 'Not a workspace: expected an object, got a value of type undefined'],
    [{}, 'Not a workspace: it has no "version" field'],
    [{ theme: 'default' }, 'Not a workspace: it has no "version" field'],
    [{ version: '1' }, 'version: expected a whole number, got the text "1"'],
    [{ version: 1.5 }, 'version: expected a whole number, got 1.5'],
    [{ version: null }, 'version: expected a whole number, got null'],
    [{ version: -1 }, 'version: expected 0 or more, got -1'],
    [{ version: 1 }, 'layout: missing'],
  ])('explains why %j is not a workspace', (input, problem) => {
    expect(migrateDocument(input)).toEqual({ ok: false, problem });
  });

  it('never throws and always explains a refusal', () => {
    const arbitraryInput = fc.oneof(
      fc.jsonValue(),
      fc.anything(),
      fc.record({
        version: fc.oneof(fc.integer(), fc.double(), fc.string()),
        layout: fc.jsonValue(),
        panes: fc.jsonValue(),
      }),
      fc.record({ layout: fc.jsonValue(), panes: fc.jsonValue(), maximized: fc.jsonValue() }),
    );
    fc.assert(
      fc.property(arbitraryInput, (input) => {
        const result = migrateDocument(input);
        if (!result.ok) expect(result.problem).toMatch(/\S/);
        else expect(result.document.version).toBe(DOCUMENT_VERSION);
      }),
      { seed: 1234, numRuns: 1000 },
    );
  });

  it('reports every newer version as newer', () => {
    fc.assert(
      fc.property(fc.integer({ min: DOCUMENT_VERSION + 1, max: Number.MAX_SAFE_INTEGER }), (version) => {
        const result = migrateDocument({ ...currentDocument(), version });
        expect(result).toMatchObject({ ok: false, newerVersion: version });
      }),
      { seed: 99 },
    );
  });
});
