import { describeDrawingTool } from './drawing-support';

// A horizontal ray runs from its point to the right edge.
describeDrawingTool({
  kind: 'horizontal-ray',
  name: 'Horizontal ray',
  keys: [{ left: 30 }],
  clicks: [{ x: 0.3, y: 0.3 }],
  inkArea: { x: 0.5, y: 0.27, width: 0.3, height: 0.06 },
});
