import { describe, expect, it } from 'vitest';
import type { CommandContext } from '../../commands/command';
import { CommandRegistry } from '../../commands/command-registry';
import { RECORD } from '../../state/history';
import type { WorkspaceDocument } from '../../state/workspace-document';
import { setPaneSettings } from '../../state/workspace-edits';
import { createWorkspaceStore } from '../../state/workspace-store';
import { readChartSettings } from './chart-settings';
import { STUDY_KINDS } from './studies';
import { studyCommands } from './study-commands';

function setup(kind = 'candlestick') {
  const initial: WorkspaceDocument = {
    version: 1,
    layout: 'p1',
    panes: { p1: { id: 'p1', kind, symbol: 'SPX', linkGroup: null, settings: {} } },
    annotations: {},
    theme: 'default',
    maximizedPaneId: null,
  };
  const workspace = createWorkspaceStore(initial);
  const registry = new CommandRegistry();
  registry.register(studyCommands());
  const ctx: CommandContext = {
    workspace,
    paneId: 'p1',
    geometry: () => ({ bounds: { x: 0, y: 0, width: 800, height: 600 }, rects: new Map() }),
  };
  const studies = () => readChartSettings(workspace.getDocument().panes.p1?.settings ?? {}).studies;
  return { workspace, registry, ctx, studies };
}

describe('study commands', () => {
  it('has an Add and a Remove command per study kind, with the labels of the palette', () => {
    const { registry } = setup();
    for (const kind of STUDY_KINDS) {
      expect(registry.get(`study-add:${kind.id}`)?.label).toBe(`Add study: ${kind.label}`);
      expect(registry.get(`study-remove:${kind.id}`)).toMatchObject({
        label: `Remove study: ${kind.label}`,
        inPaneMenu: true,
        hiddenWhenUnavailable: true,
      });
    }
  });

  it('adds studies in order, each as one undo step; an added study cannot be added twice', () => {
    const { workspace, registry, ctx, studies } = setup();
    expect(registry.execute('study-add:macd', ctx)).toBe(true);
    expect(registry.execute('study-add:bollinger', ctx)).toBe(true);
    expect(studies()).toEqual(['macd', 'bollinger']);
    expect(registry.execute('study-add:macd', ctx)).toBe(false);
    expect(workspace.api.getState().history.past).toHaveLength(2);
    workspace.undo();
    expect(studies()).toEqual(['macd']);
    workspace.redo();
    expect(studies()).toEqual(['macd', 'bollinger']);
  });

  it('removes a study and what was hidden of it; remove is unavailable for a study not there', () => {
    const { workspace, registry, ctx, studies } = setup();
    expect(registry.execute('study-remove:rsi14', ctx)).toBe(false);
    registry.execute('study-add:rsi14', ctx);
    workspace.edit((d) => setPaneSettings(d, 'p1', { hiddenStudies: ['rsi14'] }), RECORD);
    expect(registry.execute('study-remove:rsi14', ctx)).toBe(true);
    expect(studies()).toEqual([]);
    expect(workspace.getDocument().panes.p1?.settings.hiddenStudies).toEqual([]);
  });

  it('is unavailable on a pane that is not a financial chart', () => {
    const { registry, ctx } = setup('donut');
    const add = registry.get('study-add:sma50');
    expect(add && registry.availability(add, ctx)).toBe('The focused pane is not a financial chart');
  });
});
