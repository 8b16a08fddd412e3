/**
 * The layer check of `npm run lint` (.dependency-cruiser.cjs) must fail on an upward import, or it
 * guards nothing: it is run here on a small planted tree, with the real rules.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { cruise, type ICruiseResult } from 'dependency-cruiser';
import { afterAll, describe, expect, it } from 'vitest';

const config = createRequire(import.meta.url)('../.dependency-cruiser.cjs');
const root = mkdtempSync(join(tmpdir(), 'layers-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function plant(files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
}

async function violations(paths: string[]): Promise<string[]> {
  const result = await cruise(
    paths,
    {
      baseDir: root,
      validate: true,
      ruleSet: { forbidden: config.forbidden },
      tsPreCompilationDeps: true,
      doNotFollow: { path: 'node_modules' },
    },
    { extensions: ['.ts', '.tsx'] },
  );
  const output = result.output as ICruiseResult;
  return output.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`);
}

describe('layer rules', () => {
  it('pass a downward import and fail a planted upward one, type-only imports included', async () => {
    plant({
      'src/app/shell.ts': "import { edit } from '../state/edits';\nexport const shell = edit;\n",
      'src/state/edits.ts': 'export const edit = 1;\n',
      'src/state/planted.ts':
        "import type { Shell } from '../commands/shell-type';\nexport type P = Shell;\n",
      'src/commands/shell-type.ts': 'export type Shell = number;\n',
    });
    expect(await violations(['src/app/shell.ts'])).toEqual([]);
    expect(await violations(['src/state/planted.ts'])).toEqual([
      'no-upward-import-from-state: src/state/planted.ts -> src/commands/shell-type.ts',
    ]);
  }, 30_000);

  it('fail a write-side import of the document store outside the action layer', async () => {
    plant({
      'src/state/workspace-store.ts': 'export const createWorkspaceStore = 1;\n',
      'src/panes/x/sneaky.ts':
        "import { createWorkspaceStore } from '../../state/workspace-store';\nexport const s = createWorkspaceStore;\n",
      'src/commands/command-runner.ts':
        "import { createWorkspaceStore } from '../state/workspace-store';\nexport const r = createWorkspaceStore;\n",
    });
    expect(await violations(['src/commands/command-runner.ts'])).toEqual([]);
    expect(await violations(['src/panes/x/sneaky.ts'])).toEqual([
      'only-the-action-layer-writes: src/panes/x/sneaky.ts -> src/state/workspace-store.ts',
    ]);
  }, 30_000);

  it('let src and workers import core, and fail src or core importing workers', async () => {
    plant({
      'core/bars.ts': 'export type Bars = number;\n',
      'workers/engine.ts':
        "import type { Bars } from '../core/bars';\nexport const engine = (b: Bars) => b;\n",
      'src/data/client.ts':
        "import type { Bars } from '../../core/bars';\n" +
        "export const worker = new URL('../../workers/engine.ts', import.meta.url);\n" +
        'export type B = Bars;\n',
      'src/data/sneaky.ts':
        "import type { engine } from '../../workers/engine';\nexport type E = typeof engine;\n",
      'core/sneaky.ts': "import { engine } from '../workers/engine';\nexport const e = engine;\n",
    });
    expect(await violations(['workers/engine.ts', 'src/data/client.ts'])).toEqual([]);
    expect(await violations(['src/data/sneaky.ts'])).toEqual([
      'src-reaches-the-engine-by-messages: src/data/sneaky.ts -> workers/engine.ts',
    ]);
    expect(await violations(['core/sneaky.ts'])).toEqual([
      'core-stands-alone: core/sneaky.ts -> workers/engine.ts',
    ]);
  }, 30_000);
});
