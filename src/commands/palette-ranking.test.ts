import { describe, expect, it } from 'vitest';
import type { Command } from './command';
import { type PaletteEntry, rankEntries } from './palette-ranking';

const entry = (
  label: string,
  availability: true | string = true,
  group = 'Pane',
  hiddenWhenUnavailable = false,
): PaletteEntry => ({
  command: {
    id: label.toLowerCase().replaceAll(' ', '-'),
    label,
    group,
    hiddenWhenUnavailable,
    perform: () => {},
  } as unknown as Command,
  availability,
});

const labels = (entries: PaletteEntry[]) => entries.map((e) => e.command.label);

describe('the palette ranking', () => {
  const entries = [
    entry('Save named workspace', 'Runs from its own control', 'Workspace'),
    entry('Undo', 'Nothing to undo', 'History'),
    entry('Draw cross-line', true, 'Draw'),
    entry('Draw trend line', true, 'Draw'),
    entry('Draw annotation', 'Runs from its own control', 'Draw'),
    entry('Split pane right'),
    entry('Restore pane', 'No pane is maximized', 'Layout', true),
    entry('Replace pane with: Histogram', true, 'Replace pane', true),
  ];

  it('puts what can run first, best match first; what cannot run after, with the matches only', () => {
    expect(labels(rankEntries(entries, 'draw'))).toEqual([
      'Draw cross-line',
      'Draw trend line',
      'Draw annotation',
    ]);
    expect(labels(rankEntries(entries, 'trend'))).toEqual(['Draw trend line']);
    expect(rankEntries(entries, 'zzz')).toEqual([]);
  });

  it('lists letters scattered through a label only when nothing matches better', () => {
    // 'Save named workspace' holds d, r, a, w in order (a score of 0.004): listed only alone.
    expect(labels(rankEntries(entries, 'draw'))).not.toContain('Save named workspace');
    expect(labels(rankEntries(entries, 'svwk'))).toEqual(['Save named workspace']);
    // Typed in full, a command that hides while it cannot run is listed, with its reason; the scattered
    // match that would have been the only item (and run on Enter) is not.
    const restore = rankEntries(entries, 'Restore pane');
    expect(restore.map((e) => [e.command.label, e.availability])).toEqual([
      ['Restore pane', 'No pane is maximized'],
    ]);
    expect(labels(rankEntries(entries, 'replace'))).toEqual(['Replace pane with: Histogram']);
  });

  it('lists everything with nothing typed, the runnable first, each part in registry order', () => {
    expect(labels(rankEntries(entries, ' '))).toEqual([
      'Draw cross-line',
      'Draw trend line',
      'Split pane right',
      'Replace pane with: Histogram',
      'Save named workspace',
      'Undo',
      'Draw annotation',
    ]);
  });
});
