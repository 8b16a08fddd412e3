import { describeDrawingTool } from './drawing-support';

// An arrow marker points up at its anchor from below.
describeDrawingTool({
  kind: 'arrow-marker',
  name: 'Arrow marker',
  keys: [{ left: 30 }],
  clicks: [{ x: 0.4, y: 0.4 }],
  inkArea: { x: 0.38, y: 0.39, width: 0.04, height: 0.07 },
});
