import type { AnnotationPatch } from '../../../state/annotation-edits';
import { fibLevelsOf, isFilled, KIND_SPECS, withFibLevel } from '../../../state/drawing-kinds';
import type { Annotation, LineStyle } from '../../../state/workspace-document';

export interface AnnotationEditorProps {
  annotation: Annotation;
  /** `merge` names a gesture (typing a label, dragging a colour) that is one undo step. */
  onEdit(patch: AnnotationPatch, merge?: string): void;
  /** Keep it on the pane it is edited from only, or on every chart of its symbol. */
  onPaneOnly(paneOnly: boolean): void;
  /** Focus the label field on mount (the popover does; the panel does not). */
  autoFocus?: boolean;
}

/** A text note's text, over a few lines. */
const MAX_NOTE_LENGTH = 400;

/** The style fields of one annotation: label, colour, line style, width, lock, and extend and fill where its kind has them. */
export function AnnotationEditor({ annotation: a, onEdit, onPaneOnly, autoFocus }: AnnotationEditorProps) {
  return (
    <fieldset className="annotation-editor" aria-label="Edit annotation">
      {a.kind === 'text-note' ? (
        <label>
          Label
          {/* A note's text may run over lines: Shift+Enter starts one (Enter closes the popover). */}
          <textarea
            name="label"
            value={a.label}
            rows={2}
            maxLength={MAX_NOTE_LENGTH}
            // biome-ignore lint/a11y/noAutofocus: the popover is opened to edit; its first field takes focus
            autoFocus={autoFocus}
            onChange={(e) => onEdit({ label: e.target.value }, `label:${a.id}`)}
          />
        </label>
      ) : (
        <label>
          Label
          <input
            name="label"
            value={a.label}
            maxLength={80}
            // biome-ignore lint/a11y/noAutofocus: the popover is opened to edit; its first field takes focus
            autoFocus={autoFocus}
            onChange={(e) => onEdit({ label: e.target.value }, `label:${a.id}`)}
          />
        </label>
      )}
      <label>
        Colour
        <input
          type="color"
          value={a.color}
          onChange={(e) => onEdit({ color: e.target.value }, `color:${a.id}`)}
        />
      </label>
      <label>
        Line style
        <select value={a.lineStyle} onChange={(e) => onEdit({ lineStyle: e.target.value as LineStyle })}>
          <option value="solid">Solid</option>
          <option value="dashed">Dashed</option>
          <option value="dotted">Dotted</option>
        </select>
      </label>
      <label>
        Line width
        <select value={a.lineWidth} onChange={(e) => onEdit({ lineWidth: Number(e.target.value) })}>
          {[1, 2, 3, 4].map((w) => (
            <option key={w} value={w}>
              {w} px
            </option>
          ))}
        </select>
      </label>
      <label className="inline-check">
        <input type="checkbox" checked={a.locked} onChange={() => onEdit({ locked: !a.locked })} />
        Locked
      </label>
      {KIND_SPECS[a.kind].extendable && (
        <>
          <label className="inline-check">
            <input
              type="checkbox"
              checked={a.extendLeft === true}
              onChange={() => onEdit({ extendLeft: !a.extendLeft })}
            />
            Extend left
          </label>
          <label className="inline-check">
            <input
              type="checkbox"
              checked={a.extendRight === true}
              onChange={() => onEdit({ extendRight: !a.extendRight })}
            />
            Extend right
          </label>
        </>
      )}
      {KIND_SPECS[a.kind].fillable && (
        <label className="inline-check">
          <input type="checkbox" checked={isFilled(a)} onChange={() => onEdit({ fill: !isFilled(a) })} />
          Fill
        </label>
      )}
      {a.kind === 'fib-retracement' && <FibLevelsEditor annotation={a} onEdit={onEdit} />}
      {a.symbol !== undefined && (
        <label className="inline-check" title={`Off: every chart of ${a.symbol} shows it`}>
          <input type="checkbox" checked={a.paneOnly === true} onChange={() => onPaneOnly(!a.paneOnly)} />
          This pane only
        </label>
      )}
    </fieldset>
  );
}

/** A Fibonacci retracement's levels: each one's ratio and whether it is drawn (folded away until opened). */
function FibLevelsEditor({ annotation: a, onEdit }: Pick<AnnotationEditorProps, 'annotation' | 'onEdit'>) {
  const levels = fibLevelsOf(a);
  return (
    <details className="fib-levels">
      <summary>Levels</summary>
      <ul aria-label="Fibonacci levels">
        {levels.map((level, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a level is its position; its value is being edited
          <li key={i}>
            <input
              type="checkbox"
              aria-label={`Show level ${i + 1}`}
              checked={level.visible}
              onChange={() => onEdit({ fibLevels: withFibLevel(levels, i, { visible: !level.visible }) })}
            />
            <input
              type="number"
              step="0.001"
              aria-label={`Level ${i + 1}`}
              value={level.value}
              onChange={(e) =>
                onEdit(
                  { fibLevels: withFibLevel(levels, i, { value: e.target.valueAsNumber }) },
                  `fib:${a.id}:${i}`,
                )
              }
            />
          </li>
        ))}
      </ul>
    </details>
  );
}
