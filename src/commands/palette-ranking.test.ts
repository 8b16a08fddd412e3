import { describe, expect, it } from 'vitest';
import type { Command } from './command';
import { type PaletteEntry, rankEntries } from './palette-ranking';

const entry = (label: string, availability: true | string = true, group = 'Pane'): PaletteEntry => ({
  command: {
    id: label.toLowerCase().replaceAll(' ', '-'),
    label,
    group,
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
  ];

  it('puts what can run first, best match first; what cannot run after, with the matches only', () => {
    expect(labels(rankEntries(entries, 'draw'))).toEqual([
      'Draw cross-line',
      'Draw trend line',
      'Draw annotation',
      'Save named workspace',
    ]);
    expect(labels(rankEntries(entries, 'trend'))).toEqual(['Draw trend line']);
    expect(rankEntries(entries, 'zzz')).toEqual([]);
  });

  it('lists everything with nothing typed, the runnable first, each part in registry order', () => {
    expect(labels(rankEntries(entries, ' '))).toEqual([
      'Draw cross-line',
      'Draw trend line',
      'Split pane right',
      'Save named workspace',
      'Undo',
      'Draw annotation',
    ]);
  });
});
