import { describe, expect, it } from 'vitest';
import { RECORD } from '../../state/history';
import { setPaneSettings } from '../../state/workspace-edits';
import { createCommandHarness } from '../../test/command-harness';
import { candlestickPane, onePaneDocument } from '../../test/test-documents';
import { readChartSettings } from './chart-settings';
import { STUDY_KINDS } from './studies';
import { studyCommands } from './study-commands';

function setup(kind = 'candlestick') {
  const initial = onePaneDocument({ ...candlestickPane('p1'), kind });
  const harness = createCommandHarness(initial, studyCommands());
  const studies = () => readChartSettings(harness.workspace.getDocument().panes.p1?.settings ?? {}).studies;
  return { ...harness, studies };
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
    const { workspace, run, store, studies } = setup();
    expect(run('study-add:macd')).toBe(true);
    expect(run('study-add:bollinger')).toBe(true);
    expect(studies()).toEqual(['macd', 'bollinger']);
    expect(run('study-add:macd')).toBe(false);
    expect(workspace.state.getState().history.past).toHaveLength(2);
    store.undo();
    expect(studies()).toEqual(['macd']);
    store.redo();
    expect(studies()).toEqual(['macd', 'bollinger']);
  });

  it('removes a study and what was hidden of it; remove is unavailable for a study not there', () => {
    const { workspace, run, store, studies } = setup();
    expect(run('study-remove:rsi14')).toBe(false);
    run('study-add:rsi14');
    store.apply((d) => setPaneSettings(d, 'p1', { hiddenStudies: ['rsi14'] }), RECORD);
    expect(run('study-remove:rsi14')).toBe(true);
    expect(studies()).toEqual([]);
    expect(workspace.getDocument().panes.p1?.settings.hiddenStudies).toEqual([]);
  });

  it('is unavailable on a pane that is not a financial chart', () => {
    const { registry, context } = setup('donut');
    const add = registry.get('study-add:sma50');
    expect(add && registry.availability(add, context())).toBe('The focused pane is not a financial chart');
  });
});
