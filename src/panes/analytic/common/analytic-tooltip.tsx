import { tooltipPlacement } from '../../../ui/tooltip-placement';
import type { Hit } from './chart';

/** The hovered item's details, opening away from the nearer edges so it stays inside the plot. */
export function AnalyticTooltip({ hit, width, height }: { hit: Hit; width: number; height: number }) {
  const style = tooltipPlacement(hit, { left: 0, top: 0, width, height }, { width, height }, 12);
  return (
    <div className="chart-tooltip analytic-tooltip" role="tooltip" style={style}>
      <strong>{hit.title}</strong>
      {hit.lines.map((line) => (
        <div key={line}>{line}</div>
      ))}
    </div>
  );
}
