import { describeDrawingTool } from './drawing-support';

// The date and price range measurer: a rising range is tinted in the drawing's colour and reads its change, percent, bars and span.
describeDrawingTool({
  kind: 'date-price-range',
  name: 'Date and price range',
  keys: [
    { left: 30, down: 10 },
    { left: 5, up: 10 },
  ],
  clicks: [
    { x: 0.3, y: 0.45 },
    { x: 0.55, y: 0.2 },
  ],
  inkArea: { x: 0.28, y: 0.18, width: 0.29, height: 0.3 },
});
