/**
 * The layers of the workstation, lowest first; a module may import its own layer and the layers below
 * it, never one above (README, "Architecture"). `npm run lint` runs this check.
 *
 *   core       the code both threads import: the worker's message contract, time, sessions, bars,
 *              intervals, alert and CSV-import types; imports nothing from workers or src
 *   workers    the data engine (runs in a Web Worker): imports core, never src
 *
 * src imports core and never workers: the main thread reaches the engine by messages only. The one
 * place it names the worker, `new Worker(new URL('…/workers/data-engine.worker.ts', import.meta.url))`
 * in src/data/engine-client.ts, is a URL, which the cruise does not count as an import.
 *
 *   state      the document model: document, layout ops, edits, history, schema, migrations, persistence
 *   session    state that is not the document (focus, dialogs, notices)
 *   themes     the 12 themes as data, applied as CSS custom properties
 *   data       the main-thread client of the data worker
 *   render     the one shared PixiJS renderer
 *   workspace  the pane-kind registry, focus rules, the default workspace
 *   ui         small shared components
 *   commands   the action layer: command registry, runner (the only document writer), palette, menus
 *   panes      one folder per pane family
 *   app        the composition root and the shell; only the entry point imports it
 */
const LAYERS = [
  'state',
  'session',
  'themes',
  'data',
  'render',
  'workspace',
  'ui',
  'commands',
  'panes',
  'app',
];

const TESTS = '\\.test\\.tsx?$';

/** One rule per layer: nothing in it imports a layer above it. */
const layerRules = LAYERS.slice(0, -1).map((layer, index) => ({
  name: `no-upward-import-from-${layer}`,
  comment: `src/${layer} may import only ${['core', ...LAYERS.slice(0, index)].join(', ')}`,
  severity: 'error',
  // Tests may compose several layers (a state test builds panes of registered kinds).
  from: { path: `^src/${layer}/`, pathNot: TESTS },
  to: { path: `^src/(${LAYERS.slice(index + 1).join('|')})/` },
}));

module.exports = {
  forbidden: [
    ...layerRules,
    {
      name: 'core-stands-alone',
      comment:
        'core is the code both threads import: it imports nothing from workers or src, so either side ' +
        'can take it without the other',
      severity: 'error',
      from: { path: '^core/' },
      to: { path: '^(workers|src)/' },
    },
    {
      name: 'workers-stand-alone',
      comment: 'the data engine runs in a worker and in Node tests: it imports core, never src',
      severity: 'error',
      from: { path: '^workers/' },
      to: { path: '^src/' },
    },
    {
      name: 'src-reaches-the-engine-by-messages',
      comment:
        'the main thread imports the message contract and the domain code from core, never workers ' +
        '(the worker is created from a URL, not an import); tests may import engine code to check ' +
        'the main thread against what the engine makes',
      severity: 'error',
      from: { path: '^src/', pathNot: TESTS },
      to: { path: '^workers/' },
    },
    {
      name: 'model-without-ui-libraries',
      comment: 'the document model, core and the engine import no React, DOM renderer or chart library',
      severity: 'error',
      from: { path: '^(core|workers|src/state)/', pathNot: TESTS },
      to: {
        path: 'node_modules/(react|react-dom|zustand/react|pixi\\.js|lightweight-charts|react-mosaic-component)/',
      },
    },
    {
      name: 'only-the-action-layer-writes',
      comment:
        "the document store's write side is held by the command runner and the composition root; " +
        'everything else reads through DocumentReader and writes by running commands',
      severity: 'error',
      from: {
        pathNot: [
          '^src/commands/command-runner\\.ts$',
          '^src/app/workstation\\.ts$',
          '^src/test/',
          '^bench/',
          TESTS,
        ],
      },
      to: { path: '^src/state/workspace-store\\.ts$' },
    },
    {
      name: 'app-only-from-the-entry',
      comment: 'src/app is the composition root: only src/main.tsx (and bench harnesses) import it',
      severity: 'error',
      from: { path: '^src/', pathNot: ['^src/main\\.tsx$', '^src/app/'] },
      to: { path: '^src/app/' },
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Type-only imports count: a type from a higher layer is an upward dependency too.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.app.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js'] },
  },
};
