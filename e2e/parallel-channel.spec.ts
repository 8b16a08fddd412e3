import { describeDrawingTool } from './drawing-support';

// A parallel channel: a line through the first two points, its parallel through the third, and the
// middle line between them. The ink read is the parallel's.
describeDrawingTool({
  kind: 'parallel-channel',
  name: 'Parallel channel',
  keys: [
    { left: 40, down: 5 },
    { left: 10, up: 5 },
    { left: 15, up: 15 },
  ],
  clicks: [
    { x: 0.2, y: 0.7 },
    { x: 0.5, y: 0.5 },
    { x: 0.35, y: 0.3 },
  ],
  inkArea: { x: 0.25, y: 0.22, width: 0.2, height: 0.16 },
});
