/**
 * `npm run test:bundle`: builds the app as users get it (production mode) into a temporary folder and
 * fails if any script of it carries a test hook. The e2e tests run a build in e2e mode, which has the
 * hooks; this is the check that the user's build does not.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';

/** Strings only the test hooks put in a bundle. */
const HOOK_MARKERS = [
  '__workstation',
  '__engine',
  'failPane',
  'failDrawing',
  'Data engine crash requested',
  '(test hook)',
];

const outDir = mkdtempSync(join(tmpdir(), 'workstation-bundle-'));
try {
  await build({
    mode: 'production',
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, sourcemap: false },
  });
  const scripts = readdirSync(join(outDir, 'assets')).filter((name) => name.endsWith('.js'));
  if (scripts.length < 2) throw new Error(`Expected the app and its worker in the build, found ${scripts}`);
  const found = scripts.flatMap((name) => {
    const text = readFileSync(join(outDir, 'assets', name), 'utf8');
    return HOOK_MARKERS.filter((marker) => text.includes(marker)).map((marker) => `${name}: ${marker}`);
  });
  if (found.length > 0) {
    console.error(`Test hooks in the production bundle:\n  ${found.join('\n  ')}`);
    process.exitCode = 1;
  } else {
    console.log(`No test hook in the production bundle (${scripts.length} scripts checked).`);
  }
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
