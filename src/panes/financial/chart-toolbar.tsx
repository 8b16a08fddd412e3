import { useWorkstation } from '../../app/workstation-context';
import { CommandButton } from '../../commands/command-button';
import { RANGE_PRESETS } from './chart-data';
import { chartOf } from './chart-registry';

/** Zoom, reset, range presets and the log axis for one chart. */
export function ChartToolbar({ paneId, logScale }: { paneId: string; logScale: boolean }) {
  const { run } = useWorkstation();
  return (
    <div role="toolbar" aria-label="Chart tools" className="chart-toolbar">
      <CommandButton commandId="chart-zoom-in" icon="plus" paneId={paneId} />
      <CommandButton commandId="chart-zoom-out" icon="minus" paneId={paneId} />
      <CommandButton commandId="chart-reset-view" icon="reset" paneId={paneId} />
      <span className="range-buttons">
        {RANGE_PRESETS.map((preset) => (
          <button
            key={preset}
            type="button"
            className="range-button"
            aria-label={`Show ${preset === 'All' ? 'all data' : preset}`}
            onClick={() => chartOf(paneId)?.showRange(preset)}
          >
            {preset}
          </button>
        ))}
      </span>
      <button
        type="button"
        className="range-button"
        aria-pressed={logScale}
        aria-label="Logarithmic scale"
        title="Logarithmic price scale"
        onClick={() => run('chart-toggle-log-scale', paneId)}
      >
        Log
      </button>
    </div>
  );
}
