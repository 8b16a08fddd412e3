import { useEffect, useRef, useState } from 'react';
import { useWorkstation } from '../../commands/use-workstation';
import { symbolInfoOf } from '../../data/symbol-catalog';
import { useSession } from '../../session/session-context';
import { ModalDialog } from '../../ui/modal-dialog';
import { intervalProblem } from './interval-commands';

/**
 * The box typing a digit on a focused chart opens: `5` then Enter gives 5-minute bars, `4h`, `1D`,
 * `1W`, `1M` the others. A text that is not an interval (or finer than the data) is said, not applied.
 */
export function IntervalEntryDialog({ onClose }: { onClose(): void }) {
  const { run, workspace } = useWorkstation();
  const entry = useSession((s) => s.intervalEntry);
  const catalog = useSession((s) => s.catalog);
  const [text, setText] = useState(entry?.typed ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  // The dialog focuses the box; the caret goes after the digit that opened it.
  useEffect(() => {
    const end = input.current?.value.length ?? 0;
    input.current?.setSelectionRange(end, end);
  }, []);
  if (!entry) return null;
  const submit = () => {
    const symbol = workspace.getDocument().panes[entry.paneId]?.symbol;
    const why = intervalProblem(text, symbolInfoOf(catalog, symbol ?? ''));
    if (why) {
      setProblem(why);
      return;
    }
    run('set-chart-interval', { paneId: entry.paneId, interval: text });
    onClose();
  };
  return (
    <ModalDialog label="Chart interval" onClose={onClose} className="interval-entry">
      <form
        className="dialog-form"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <label>
          Interval
          <input
            ref={input}
            value={text}
            onChange={(event) => {
              setText(event.currentTarget.value);
              setProblem(null);
            }}
            aria-describedby="interval-entry-help"
            aria-invalid={problem !== null}
            autoComplete="off"
          />
        </label>
        <p
          id="interval-entry-help"
          className={problem ? 'form-problem' : 'form-help'}
          role={problem ? 'alert' : undefined}
        >
          {problem ?? 'A number is minutes; add h, D, W or M for hours, days, weeks or months (4h, 1D, 1W).'}
        </p>
      </form>
    </ModalDialog>
  );
}
