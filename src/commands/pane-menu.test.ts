import { describe, expect, it } from 'vitest';
import { createCommandHarness } from '../test/command-harness';
import { twoPaneDocument } from '../test/test-documents';
import { registerTestPaneKind } from '../test/test-pane-kind';
import type { Command } from './command';
import { type PaneMenuEntry, paneMenuEntries } from './pane-menu';
import { workspaceCommands } from './workspace-commands';

const command = (id: string, extra: Partial<Command> = {}): Command => ({
  id,
  label: id,
  group: 'Test',
  inPaneMenu: true,
  perform: () => {},
  ...extra,
});

/** The menu as text: a command by its label (with `(off)` when disabled), a submenu as `Label > [...]`. */
const outline = (entries: PaneMenuEntry[]) =>
  entries.map((e) =>
    e.type === 'command'
      ? `${e.command.label}${e.availability === true ? '' : ' (off)'}`
      : `${e.label} > ${e.items.map((i) => i.command.label).join(', ')}`,
  );

function menuOf(commands: Command[]) {
  registerTestPaneKind();
  const harness = createCommandHarness(twoPaneDocument(), commands);
  return outline(paneMenuEntries(harness.registry, harness.context()));
}

describe('pane menu', () => {
  it('gathers a family into its submenu, where its first command stands, in registry order', () => {
    expect(
      menuOf([
        command('split'),
        command('trend', { paneSubmenu: 'Drawing tools' }),
        command('cross-here'),
        command('ray', { paneSubmenu: 'Drawing tools' }),
        command('palette only', { inPaneMenu: false }),
        command('left', { paneSubmenu: 'Move pane' }),
      ]),
    ).toEqual(['split', 'Drawing tools > trend, ray', 'cross-here', 'Move pane > left']);
  });

  it('shows an unavailable command disabled unless it hides itself', () => {
    const off = () => 'Not here';
    expect(
      menuOf([
        command('shown', { when: off }),
        command('hidden', { when: off, hiddenWhenUnavailable: true }),
        command('needs a widget', { needsArgs: true, hiddenWhenUnavailable: true }),
      ]),
    ).toEqual(['shown (off)']);
  });

  it("offers a command in the menus of the panes it names only (a watchlist's in a watchlist's)", () => {
    expect(
      menuOf([
        command('everywhere'),
        command('this pane', { inPaneMenu: (ctx) => ctx.paneId !== null }),
        command('no pane', { inPaneMenu: () => false }),
      ]),
    ).toEqual(['everywhere', 'this pane']);
  });

  it('leaves out a submenu none of whose commands applies to the pane, keeps one that has some', () => {
    const off = () => 'Not a chart';
    expect(
      menuOf([
        command('trend', { paneSubmenu: 'Drawing tools', when: off }),
        command('ray', { paneSubmenu: 'Drawing tools', when: off }),
        command('left', { paneSubmenu: 'Move pane', when: off }),
        command('right', { paneSubmenu: 'Move pane' }),
      ]),
    ).toEqual(['Move pane > left, right']);
  });

  it('keeps the workspace commands of the menu today: the moves in one submenu, the rest on top', () => {
    registerTestPaneKind();
    const menu = menuOf(workspaceCommands());
    expect(menu).toContain('Split pane right');
    expect(menu).toContain('Close pane');
    expect(menu).toContain('Move pane > Move pane left, Move pane right, Move pane up, Move pane down');
    expect(menu.filter((e) => e.startsWith('Move pane'))).toHaveLength(1);
  });
});
