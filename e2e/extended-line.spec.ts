import { describeDrawingTool } from './drawing-support';

// An extended line runs on past both points: the ink checked is left of the first one.
describeDrawingTool({
  kind: 'extended-line',
  name: 'Extended line',
  keys: [
    { left: 30, down: 5 },
    { left: 15, up: 5 },
  ],
  clicks: [
    { x: 0.4, y: 0.3 },
    { x: 0.5, y: 0.25 },
  ],
  inkArea: { x: 0.05, y: 0.32, width: 0.25, height: 0.2 },
});
