/**
 * The layers of the workstation, lowest first; a module may import its own layer and the layers below
 * it, never one above (README, "Architecture"). `npm run lint` runs this check.
 *
 *   workers    the data engine (runs in a Web Worker): imports nothing from src
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
  comment: `src/${layer} may import only ${['workers', ...LAYERS.slice(0, index)].join(', ') || 'itself'}`,
  severity: 'error',
  // Tests may compose several layers (a state test builds panes of registered kinds).
  from: { path: `^src/${layer}/`, pathNot: TESTS },
  to: { path: `^src/(${LAYERS.slice(index + 1).join('|')})/` },
}));

module.exports = {
  forbidden: [
    ...layerRules,
    {
      name: 'workers-stand-alone',
      comment: 'the data engine runs in a worker and in Node tests: it imports nothing from src',
      severity: 'error',
      from: { path: '^workers/' },
      to: { path: '^src/' },
    },
    {
      name: 'model-without-ui-libraries',
      comment: 'the document model and the engine import no React, DOM renderer or chart library',
      severity: 'error',
      from: { path: '^(workers|src/state)/', pathNot: TESTS },
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
