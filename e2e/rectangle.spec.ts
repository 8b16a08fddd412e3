import { describeDrawingTool } from './drawing-support';

// A rectangle around a range: its edges in the drawing's colour, its inside tinted.
describeDrawingTool({
  kind: 'rectangle',
  name: 'Rectangle',
  keys: [
    { left: 30, up: 10 },
    { left: 10, down: 10 },
  ],
  clicks: [
    { x: 0.3, y: 0.2 },
    { x: 0.5, y: 0.4 },
  ],
  inkArea: { x: 0.28, y: 0.18, width: 0.24, height: 0.24 },
});
