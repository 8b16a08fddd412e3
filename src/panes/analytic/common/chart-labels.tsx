import type { CSSProperties } from 'react';
import type { ChartLabel } from './chart';

const SHIFT_X = { start: '0', middle: '-50%', end: '-100%' } as const;
const SHIFT_Y = { top: '0', middle: '-50%', bottom: '-100%' } as const;

/** Axis ticks, slice and value labels as DOM text over the canvas: crisp at any pixel ratio. */
export function ChartLabels({ labels }: { labels: readonly ChartLabel[] }) {
  return (
    <div className="chart-labels">
      {labels.map((label, i) => {
        const style: CSSProperties = {
          left: label.x,
          top: label.y,
          transform: `translate(${SHIFT_X[label.align ?? 'start']}, ${SHIFT_Y[label.baseline ?? 'top']})`,
        };
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: labels are positional; the same text can appear twice
          <span key={i} className={`chart-label chart-label-${label.tone ?? 'muted'}`} style={style}>
            {label.text}
          </span>
        );
      })}
    </div>
  );
}
