import { useRef } from 'react';
import { CommandButton } from '../../commands/command-button';
import { useWorkstation } from '../../commands/use-workstation';
import { symbolInfoOf } from '../../data/symbol-catalog';
import { useSession, useSessionStore } from '../../session/session-context';
import { ANNOTATION_KINDS, type AnnotationKind, KIND_SPECS } from '../../state/drawing-kinds';
import { Icon } from '../../ui/icons';
import { useFold } from '../../ui/use-fold';
import { armCommandId, armLabel } from './annotations/drawing-tool-commands';
import { RANGE_PRESET_NAMES, RANGE_PRESETS, type RangePreset, rangeCommandId } from './chart-data';
import { INTERVAL_PRESETS, intervalProblem } from './interval-commands';
import { STUDY_KINDS } from './studies';

/** The tools with a button of their own, and its glyph; every tool is in the drawing-tool picker beside them. */
const TOOLS: { kind: AnnotationKind; glyph: string }[] = [
  { kind: 'cross-line', glyph: '┼' },
  { kind: 'horizontal-line', glyph: '─' },
  { kind: 'vertical-line', glyph: '│' },
  { kind: 'trend-line', glyph: '╱' },
];

interface ChartToolbarProps {
  paneId: string;
  logScale: boolean;
  /** The studies on the chart: the study picker offers the others. */
  studies: readonly string[];
  /** The chart's bar interval; null for the data's own. */
  interval: string | null;
  /** The chart's symbol: intervals finer than its data's own are offered disabled. */
  symbol: string;
}

/**
 * The order the toolbar's groups fold in as it narrows (what is least missed first), so that it is
 * one row at any width: the four tool buttons (all in the Draw picker), the magnet and annotations
 * panel, Log, the range buttons (then a Range picker), zoom, the study picker, the Range picker and
 * the Draw picker. The interval and `More chart tools`, which opens the pane menu where every folded
 * control is too, always stay. A chart 600 px wide keeps its range buttons.
 */
const FOLDS = ['tools', 'marks', 'log', 'ranges', 'zoom', 'studies', 'range', 'draw'];

/** Zoom, reset, range presets, the log axis, the study picker and the drawing tools of one chart. */
export function ChartToolbar({ paneId, logScale, studies, interval, symbol }: ChartToolbarProps) {
  const { run } = useWorkstation();
  const session = useSessionStore();
  const row = useRef<HTMLDivElement>(null);
  useFold(row, FOLDS);
  const info = useSession((s) => symbolInfoOf(s.catalog, symbol));
  const tool = useSession((s) => s.annotation.tool);
  const magnet = useSession((s) => s.annotation.magnet);
  const panelOpen = useSession((s) => s.annotation.panelOpen);
  // An interval its data cannot make (shared by the link group, or kept from another symbol): the
  // chart shows the data's own bars, and says so beside the picker.
  const ownBarsWhy = interval !== null ? intervalProblem(interval, info) : null;
  return (
    <div ref={row} role="toolbar" aria-label="Chart tools" className="chart-toolbar">
      <select
        className="study-picker interval-picker"
        aria-label="Interval"
        value={interval ?? ''}
        onChange={(event) =>
          run('set-chart-interval', { paneId, interval: event.currentTarget.value || null })
        }
      >
        <option value="">Data's own</option>
        {interval && !INTERVAL_PRESETS.some((p) => p.text === interval) && (
          <option value={interval}>{interval}</option>
        )}
        {INTERVAL_PRESETS.map((preset) => {
          // Daily data has no 5-minute bars: offered, but not to be picked (the palette says why).
          const problem = intervalProblem(preset.text, info);
          return (
            <option
              key={preset.text}
              value={preset.text}
              disabled={problem !== null}
              title={problem ?? undefined}
            >
              {preset.text}
            </option>
          );
        })}
      </select>
      {ownBarsWhy && (
        <span className="interval-note" title={ownBarsWhy}>
          Own bars<span className="sr-only">: {ownBarsWhy}</span>
        </span>
      )}
      <span className="toolbar-group zoom-buttons">
        <CommandButton commandId="chart-zoom-in" icon="plus" paneId={paneId} />
        <CommandButton commandId="chart-zoom-out" icon="minus" paneId={paneId} />
        <CommandButton commandId="chart-reset-view" icon="reset" paneId={paneId} />
      </span>
      <span className="range-buttons range-presets">
        {RANGE_PRESETS.map((preset) => (
          <button
            key={preset}
            type="button"
            className="range-button"
            aria-label={`Show ${preset === 'All' ? 'all data' : preset}`}
            title={`Show ${RANGE_PRESET_NAMES[preset]}`}
            onClick={() => run(rangeCommandId(preset), { paneId })}
          >
            {preset}
          </button>
        ))}
      </span>
      {/* In a narrow chart the buttons give way to this picker (FOLDS): the toolbar keeps one row. */}
      <select
        className="study-picker range-picker"
        aria-label="Range"
        value=""
        onChange={(event) => {
          const preset = event.currentTarget.value as RangePreset | '';
          if (preset) run(rangeCommandId(preset), { paneId });
        }}
      >
        <option value="">Range…</option>
        {RANGE_PRESETS.map((preset) => (
          <option key={preset} value={preset}>
            {preset}: {RANGE_PRESET_NAMES[preset]}
          </option>
        ))}
      </select>
      <button
        type="button"
        className="range-button log-button"
        aria-pressed={logScale}
        aria-label="Log scale"
        title="Logarithmic price scale"
        onClick={() => run('chart-toggle-log-scale', { paneId })}
      >
        Log
      </button>
      <select
        className="study-picker add-study-picker"
        title="Add a study"
        aria-label="Add study"
        value=""
        onChange={(event) => {
          const id = event.currentTarget.value;
          if (id) run(`study-add:${id}`, { paneId });
        }}
      >
        <option value="">Studies…</option>
        {STUDY_KINDS.filter((k) => !studies.includes(k.id)).map((k) => (
          <option key={k.id} value={k.id}>
            {k.label}
          </option>
        ))}
      </select>
      <span className="range-buttons">
        {TOOLS.map((t) => (
          <button
            key={t.kind}
            type="button"
            className="range-button tool-button"
            aria-label={armLabel(t.kind)}
            title={`${armLabel(t.kind)}: then click the chart`}
            aria-pressed={tool === t.kind}
            onClick={() => run(tool === t.kind ? 'deselect-annotation' : armCommandId(t.kind), { paneId })}
          >
            {t.glyph}
          </button>
        ))}
        <select
          className="study-picker draw-picker"
          title="Drawing tool: then click the chart"
          aria-label="Drawing tool"
          value={tool ?? ''}
          onChange={(event) => {
            const kind = event.currentTarget.value;
            run(kind ? armCommandId(kind as AnnotationKind) : 'deselect-annotation', { paneId });
          }}
        >
          <option value="">Draw…</option>
          {ANNOTATION_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {KIND_SPECS[kind].name}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="range-button mark-button"
          aria-label="Magnet"
          title="Magnet: snap to the bar's open, high, low or close when near it"
          aria-pressed={magnet}
          onClick={() => run('toggle-magnet', { paneId })}
        >
          ⊙
        </button>
        <button
          type="button"
          className="range-button mark-button"
          aria-label="Annotations panel"
          title="Annotations panel: the chart's drawings"
          aria-pressed={panelOpen}
          onClick={() => run('toggle-annotations-panel', { paneId })}
        >
          ☰
        </button>
      </span>
      <button
        type="button"
        className="icon-button more-tools"
        aria-label="More chart tools"
        title="More chart tools: every control of this chart, in its menu"
        aria-haspopup="menu"
        onClick={(event) => {
          const box = event.currentTarget.getBoundingClientRect();
          session.setState({ contextMenu: { x: box.left, y: box.bottom, paneId } });
        }}
      >
        <Icon name="more" />
      </button>
    </div>
  );
}
