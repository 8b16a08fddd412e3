import { describeDrawingTool } from './drawing-support';

// A Fibonacci retracement: a line and a label per level between its two points.
describeDrawingTool({
  kind: 'fib-retracement',
  name: 'Fib retracement',
  keys: [
    { left: 40, down: 20 },
    { left: 10, up: 20 },
  ],
  clicks: [
    { x: 0.3, y: 0.5 },
    { x: 0.6, y: 0.15 },
  ],
  inkArea: { x: 0.32, y: 0.12, width: 0.26, height: 0.42 },
});
