/** The analytic pane kinds: each draws through the one shared PixiJS layer (src/render). */
export { areaKind } from './area';
export { barKind } from './bar';
export { bubbleKind } from './bubble';
export { analyticCommands } from './common/analytic-commands';
export { gaugeKind } from './gauge';
export { histogramKind } from './histogram';
export { donutKind, pieKind } from './pie';
export { scatterKind } from './scatter';
export { xyLineKind } from './xy-line';
