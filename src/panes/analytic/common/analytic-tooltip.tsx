import type { Hit } from './chart';

/** The hovered item's details, opening away from the nearer edges so it stays inside the plot. */
export function AnalyticTooltip({ hit, width, height }: { hit: Hit; width: number; height: number }) {
  const style = {
    ...(hit.x > width / 2 ? { right: width - hit.x + 12 } : { left: hit.x + 12 }),
    ...(hit.y > height / 2 ? { bottom: height - hit.y + 12 } : { top: hit.y + 12 }),
  };
  return (
    <div className="chart-tooltip analytic-tooltip" role="tooltip" style={style}>
      <strong>{hit.title}</strong>
      {hit.lines.map((line) => (
        <div key={line}>{line}</div>
      ))}
    </div>
  );
}
