import { afterEach, describe, expect, it } from 'vitest';
import { paneMenuEntries } from '../../../commands/pane-menu';
import { ANNOTATION_KINDS, KIND_SPECS } from '../../../state/drawing-kinds';
import { createCommandHarness } from '../../../test/command-harness';
import { twoPaneDocument } from '../../../test/test-documents';
import { registerChart } from '../chart-registry';
import type { FinancialChart } from '../financial-chart';
import { drawingToolCommands } from './drawing-tool-commands';

/** Where the pane menu was opened on the chart: the point `anchorPoint` hands to the next command. */
const RIGHT_CLICKED = { time: 1_600_000_000, price: 3_210.5 };

/** The part of a chart the tool commands use. */
function stubChart(): FinancialChart {
  return { anchorPoint: () => RIGHT_CLICKED, showPoint: () => {} } as unknown as FinancialChart;
}

let unregister = () => {};
afterEach(() => unregister());

describe('drawing tools in the pane menu', () => {
  it('are a Drawing tools submenu of every tool by its name, on a chart', () => {
    unregister = registerChart('p1', stubChart());
    const harness = createCommandHarness(twoPaneDocument(), drawingToolCommands());
    const entries = paneMenuEntries(harness.registry, harness.context('p1'));
    // The magnet beside them (the toolbar's button, folded in a narrow chart), then the tools.
    expect(entries).toHaveLength(2);
    const [magnet, submenu] = entries;
    expect(magnet?.type === 'command' && magnet.command.id).toBe('toggle-magnet');
    if (submenu?.type !== 'submenu') throw new Error('no submenu');
    expect(submenu.label).toBe('Drawing tools');
    expect(submenu.items.map((i) => i.command.menuLabel)).toEqual(
      ANNOTATION_KINDS.map((k) => KIND_SPECS[k].name),
    );
    expect(submenu.items.every((i) => i.availability === true)).toBe(true);
  });

  it('are left out of the menu of a pane without a chart', () => {
    const harness = createCommandHarness(twoPaneDocument(), drawingToolCommands());
    expect(paneMenuEntries(harness.registry, harness.context('p2'))).toEqual([]);
  });

  it('arm the tool where the menu was opened, as the pane menu runs them', () => {
    unregister = registerChart('p1', stubChart());
    const harness = createCommandHarness(twoPaneDocument(), drawingToolCommands());
    expect(harness.run('draw-tool-trend-line', { paneId: 'p1' })).toBe(true);
    const { tool, draft } = harness.session.getState().annotation;
    expect(tool).toBe('trend-line');
    expect(draft).toEqual({ paneId: 'p1', kind: 'trend-line', placed: [], at: RIGHT_CLICKED });
    // Nothing is drawn yet: arming is not a step.
    expect(harness.workspace.canUndo()).toBe(false);
  });
});
