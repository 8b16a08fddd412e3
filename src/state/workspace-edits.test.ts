import { beforeAll, describe, expect, it } from 'vitest';
import { registerTestPaneKind, TEST_KIND } from '../test/test-pane-kind';
import { createPane } from '../workspace/pane-registry';
import { validateDocument } from './document-schema';
import { getLeaves } from './layout-tree';
import type { Annotation, WorkspaceDocument } from './workspace-document';
import {
  adoptLinkedSettings,
  closePane,
  insertPane,
  type LinkedSettings,
  replacePaneKind,
  setLinkedSettings,
  setLinkGroup,
  setMaximized,
  setPaneSettings,
  setSymbol,
  swapPanePositions,
} from './workspace-edits';

beforeAll(registerTestPaneKind);

function docWith(n: number): WorkspaceDocument {
  let doc: WorkspaceDocument = {
    version: 1,
    layout: null,
    panes: {},
    annotations: {},
    theme: 'default',
    maximizedPaneId: null,
  };
  let last: string | null = null;
  for (let i = 0; i < n; i++) {
    const pane = createPane(TEST_KIND);
    doc = insertPane(doc, last, pane, i % 2 === 0 ? 'row' : 'column');
    last = pane.id;
  }
  return doc;
}

const annotation = (id: string, paneId: string): Annotation => ({
  id,
  paneId,
  kind: 'cross-line',
  time: 1,
  price: 2,
  label: '',
  color: '#ff0000',
  lineStyle: 'solid',
  lineWidth: 1,
  locked: false,
  hidden: false,
});

describe('workspace edits', () => {
  it('insert keeps the document valid and adds exactly one pane', () => {
    const doc = docWith(4);
    expect(getLeaves(doc.layout)).toHaveLength(4);
    expect(validateDocument(doc).ok).toBe(true);
  });

  it('closing a pane removes its annotations and un-maximizes it in the same step', () => {
    const doc = docWith(3);
    const [a, b] = getLeaves(doc.layout) as [string, string];
    const withNotes: WorkspaceDocument = {
      ...setMaximized(doc, a),
      annotations: { n1: annotation('n1', a), n2: annotation('n2', b) },
    };
    const closed = closePane(withNotes, a);
    expect(Object.keys(closed.annotations)).toEqual(['n2']);
    expect(closed.maximizedPaneId).toBeNull();
    expect(closed.panes[a]).toBeUndefined();
    expect(getLeaves(closed.layout)).not.toContain(a);
    expect(validateDocument(closed).ok).toBe(true);
  });

  it('edits that change nothing return the same document (so they record no step)', () => {
    const doc = docWith(2);
    const [a] = getLeaves(doc.layout) as [string];
    expect(swapPanePositions(doc, a, a)).toBe(doc);
    expect(setMaximized(doc, null)).toBe(doc);
    expect(closePane(doc, 'missing')).toBe(doc);
    expect(setSymbol(doc, a, doc.panes[a]?.symbol ?? '')).toBe(doc);
  });

  it('unchanged panes are shared between documents (structural sharing)', () => {
    const doc = docWith(3);
    const [a, b] = getLeaves(doc.layout) as [string, string];
    const next = setSymbol(doc, a, 'AAPL');
    expect(next.panes[b]).toBe(doc.panes[b]);
    expect(next.panes[a]).not.toBe(doc.panes[a]);
  });

  it('a symbol set on a linked pane reaches every pane of its group, and only those', () => {
    const doc = docWith(3);
    const [a, b, c] = getLeaves(doc.layout) as [string, string, string];
    let linked = setLinkGroup(doc, a, 'red');
    linked = setLinkGroup(linked, b, 'red');
    const next = setSymbol(linked, b, 'MSFT');
    expect(next.panes[a]?.symbol).toBe('MSFT');
    expect(next.panes[b]?.symbol).toBe('MSFT');
    expect(next.panes[c]?.symbol).toBe('SPX');
  });

  it('a symbol set on a linked pane leaves a member that does not follow it (a donut) its own', () => {
    const doc = docWith(3);
    const [a, b, c] = getLeaves(doc.layout) as [string, string, string];
    let linked = setLinkGroup(setSymbol(doc, a, 'Portfolio'), a, 'red');
    linked = setLinkGroup(setLinkGroup(linked, b, 'red'), c, 'red');
    const follows = (pane: { id: string }) => pane.id !== a;
    const next = setSymbol(linked, b, 'MSFT', follows);
    expect(next.panes[a]?.symbol).toBe('Portfolio');
    expect(next.panes[b]?.symbol).toBe('MSFT');
    expect(next.panes[c]?.symbol).toBe('MSFT');
    // The pane the symbol is set on takes it, whether or not it would follow another's.
    expect(setSymbol(linked, a, 'IBM', follows).panes[a]?.symbol).toBe('IBM');
  });

  it('joining a link group adopts the group symbol', () => {
    const doc = docWith(2);
    const [a, b] = getLeaves(doc.layout) as [string, string];
    const grouped = setLinkGroup(setSymbol(doc, a, 'IBM'), a, 'blue');
    expect(setLinkGroup(grouped, b, 'blue').panes[b]?.symbol).toBe('IBM');
  });

  it("joining adopts the first member's symbol that is a market's, and keeps its own when none is", () => {
    const doc = docWith(3);
    const [a, b, c] = getLeaves(doc.layout) as [string, string, string];
    const isSymbol = (pane: { symbol: string }) => pane.symbol !== 'Portfolio';
    // A donut's dataset name first in the group, then a chart's AAPL.
    let grouped = setLinkGroup(setSymbol(doc, a, 'Portfolio'), a, 'red', isSymbol);
    expect(setLinkGroup(grouped, c, 'red', isSymbol).panes[c]?.symbol).toBe('SPX');
    grouped = setLinkGroup(setSymbol(grouped, b, 'AAPL'), b, 'red', isSymbol);
    expect(grouped.panes[b]?.symbol).toBe('AAPL');
    expect(setLinkGroup(grouped, c, 'red', isSymbol).panes[c]?.symbol).toBe('AAPL');
  });

  it('replacing a pane kind keeps its place in the layout', () => {
    const doc = docWith(3);
    const leaves = getLeaves(doc.layout);
    const target = leaves[1] as string;
    const fresh = createPane(TEST_KIND, 'GOOG');
    const next = replacePaneKind(doc, target, fresh);
    const after = getLeaves(next.layout);
    expect(after[1]).toBe(fresh.id);
    expect(after).toHaveLength(3);
    expect(validateDocument(next).ok).toBe(true);
  });
});

describe('settings shared by a link group', () => {
  // Panes share `interval` unless their settings say `ownInterval`.
  const linked: LinkedSettings = (pane) => (pane.settings.ownInterval ? [] : ['interval']);
  const group = () => {
    let doc = docWith(4);
    const [a = '', b = '', c = '', d = ''] = getLeaves(doc.layout);
    for (const id of [a, b, c]) doc = setLinkGroup(doc, id, 'red');
    doc = setPaneSettings(doc, c, { ownInterval: true, interval: '1D' });
    return { doc, a, b, c, d };
  };

  it('a shared setting goes to every member that shares it, and nowhere else', () => {
    const { doc, a, b, c, d } = group();
    const next = setLinkedSettings(doc, a, { interval: '5m', other: 1 }, linked);
    expect(next.panes[a]?.settings).toMatchObject({ interval: '5m', other: 1 });
    expect(next.panes[b]?.settings.interval).toBe('5m');
    expect(next.panes[b]?.settings.other).toBeUndefined();
    expect(next.panes[c]?.settings.interval).toBe('1D');
    expect(next.panes[d]?.settings.interval).toBeUndefined();
  });

  it('a pane keeping its own setting changes alone', () => {
    const { doc, a, c } = group();
    const next = setLinkedSettings(doc, c, { interval: '1W' }, linked);
    expect(next.panes[c]?.settings.interval).toBe('1W');
    expect(next.panes[a]?.settings.interval).toBeUndefined();
  });

  it('a pane joining the group takes the value it shares, and a pane keeping its own does not', () => {
    const { doc, a, c, d } = group();
    const set = setLinkedSettings(doc, a, { interval: '1h' }, linked);
    const joined = adoptLinkedSettings(setLinkGroup(set, d, 'red'), d, linked);
    expect(joined.panes[d]?.settings.interval).toBe('1h');
    expect(adoptLinkedSettings(joined, c, linked)).toBe(joined);
    const following = setPaneSettings(joined, c, { ownInterval: false });
    expect(adoptLinkedSettings(following, c, linked).panes[c]?.settings.interval).toBe('1h');
  });
});
