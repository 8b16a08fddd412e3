import { describeDrawingTool } from './drawing-support';

// A ray runs on past its second point to the edge of the pane.
describeDrawingTool({
  kind: 'ray',
  name: 'Ray',
  keys: [
    { left: 30, down: 5 },
    { left: 15, up: 5 },
  ],
  clicks: [
    { x: 0.2, y: 0.3 },
    { x: 0.35, y: 0.25 },
  ],
  inkArea: { x: 0.5, y: 0, width: 0.35, height: 0.25 },
});
