import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateDocument } from './document-schema';
import {
  applyPaneTemplate,
  deletePaneTemplate,
  savePaneTemplate,
  templateNameProblem,
  templatesOf,
} from './pane-templates';
import type { PaneState, WorkspaceDocument } from './workspace-document';

const pane = (id: string, kind: string, settings: Record<string, unknown>): PaneState => ({
  id,
  kind,
  symbol: id === 'p1' ? 'SPX' : 'AAPL',
  linkGroup: id === 'p2' ? 'blue' : null,
  settings,
});

const doc: WorkspaceDocument = {
  version: 1,
  layout: { type: 'split', direction: 'row', children: ['p1', 'p2'] },
  panes: {
    p1: pane('p1', 'test-kind-a', { studies: ['ema-20'], logScale: true }),
    p2: pane('p2', 'test-kind-b', { studies: [] }),
  },
  annotations: {},
  theme: 'default',
  maximizedPaneId: null,
};

describe('pane templates', () => {
  it("save a pane's kind and settings under a trimmed name, and apply them keeping symbol and link group", () => {
    const saved = savePaneTemplate(doc, 'p1', '  Swing setup ');
    expect(templatesOf(saved)).toEqual([
      { name: 'Swing setup', kind: 'test-kind-a', settings: { studies: ['ema-20'], logScale: true } },
    ]);
    const applied = applyPaneTemplate(saved, 'p2', 'Swing setup');
    expect(applied.panes.p2).toEqual({
      id: 'p2',
      kind: 'test-kind-a',
      symbol: 'AAPL',
      linkGroup: 'blue',
      settings: { studies: ['ema-20'], logScale: true },
    });
    expect(applied.panes.p1).toBe(saved.panes.p1);
    expect(applyPaneTemplate(applied, 'p2', 'Swing setup')).toBe(applied);
  });

  it("leave a kind's own settings out: not saved, and the pane's kept when one is applied", () => {
    const own = (kind: string) => (kind === 'test-kind-a' ? ['compare', 'ownInterval'] : []);
    const withCompare = {
      ...doc,
      panes: {
        p1: pane('p1', 'test-kind-a', { studies: ['ema-20'], compare: ['AAPL'], ownInterval: true }),
        p2: pane('p2', 'test-kind-a', { studies: [], compare: ['MSFT'], ownInterval: false }),
      },
    };
    const saved = savePaneTemplate(withCompare, 'p1', 'Setup', own);
    expect(templatesOf(saved)[0]?.settings).toEqual({ studies: ['ema-20'] });
    expect(applyPaneTemplate(saved, 'p2', 'Setup', own).panes.p2?.settings).toEqual({
      studies: ['ema-20'],
      compare: ['MSFT'],
      ownInterval: false,
    });
  });

  it('refuse empty and overlong names, and change nothing for an unknown pane or template', () => {
    expect(templateNameProblem('   ')).toMatch(/needs a name/);
    expect(templateNameProblem('x'.repeat(61))).toMatch(/at most 60/);
    expect(savePaneTemplate(doc, 'p1', ' ')).toBe(doc);
    expect(savePaneTemplate(doc, 'p9', 'A')).toBe(doc);
    expect(applyPaneTemplate(doc, 'p1', 'missing')).toBe(doc);
    expect(deletePaneTemplate(doc, 'missing')).toBe(doc);
  });

  it('a saved name replaces the template of that name; delete removes only it; all stay a valid document', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom('p1', 'p2'), fc.string({ minLength: 1, maxLength: 8 })), {
          maxLength: 8,
        }),
        (saves) => {
          let next = doc;
          for (const [paneId, name] of saves) next = savePaneTemplate(next, paneId, name);
          const names = new Set(saves.map(([, n]) => n.trim()).filter((n) => n.length > 0));
          expect(templatesOf(next).map((t) => t.name)).toEqual([...names].sort((a, b) => a.localeCompare(b)));
          expect(validateDocument(next).ok).toBe(true);
          const [first] = [...names];
          if (first !== undefined) {
            const after = deletePaneTemplate(next, first);
            expect(templatesOf(after).map((t) => t.name)).not.toContain(first);
            expect(templatesOf(after)).toHaveLength(names.size - 1);
          }
        },
      ),
    );
  });

  it('the schema names a template whose name is not its key', () => {
    const bad = { ...doc, templates: { A: { name: 'B', kind: 'test-kind-a', settings: {} } } };
    const result = validateDocument(bad);
    expect(result.ok).toBe(false);
    expect(result.ok ? '' : result.problem).toBe('templates.A.name: expected "A" (its key), got "B"');
  });
});
