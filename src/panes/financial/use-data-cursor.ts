import { type RefObject, useEffect, useState } from 'react';
import type { FinancialChart } from './financial-chart';

/**
 * What the chart's data cursor last read, for the pane's polite live region; the cursor goes away
 * when the pane loses focus (so it never stands on a chart the keys no longer drive).
 */
export function useDataCursor(chartRef: RefObject<FinancialChart | null>, focused: boolean): string {
  const [reading, setReading] = useState('');
  useEffect(() => chartRef.current?.onCursor(setReading), [chartRef]);
  useEffect(() => {
    if (focused) return;
    chartRef.current?.hideCursor();
    setReading('');
  }, [focused, chartRef]);
  return reading;
}
