/** A dialog that picks one symbol from a list and confirms it: Compare, Add to watchlist. */
import { type ReactNode, useId, useState } from 'react';
import type { SymbolInfo } from '../../core/protocol';
import { ModalDialog } from './modal-dialog';

export interface SymbolPickerDialogProps {
  /** The dialog's accessible name. */
  label: string;
  title: string;
  intro?: ReactNode;
  /** What to say when there is nothing left to pick. */
  none: string;
  choices: readonly SymbolInfo[];
  /** The confirming button's text. */
  action: string;
  /** A line about the chosen symbol under the list (its data's range, say). */
  describe?(choice: SymbolInfo): string;
  onPick(symbol: string): void;
  onClose(): void;
}

export function SymbolPickerDialog({
  label,
  title,
  intro,
  none,
  choices,
  action,
  describe,
  onPick,
  onClose,
}: SymbolPickerDialogProps) {
  const [symbol, setSymbol] = useState('');
  const chosen = symbol || choices[0]?.symbol || '';
  const choice = choices.find((s) => s.symbol === chosen);
  const description = choice && describe ? describe(choice) : '';
  const descriptionId = useId();
  return (
    <ModalDialog label={label} onClose={onClose}>
      <form
        className="dialog-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (!chosen) return;
          onPick(chosen);
          onClose();
        }}
      >
        <h2>{title}</h2>
        {intro && <p className="muted">{intro}</p>}
        {choices.length === 0 ? (
          <p className="muted">{none}</p>
        ) : (
          <label>
            Symbol
            <select
              value={chosen}
              onChange={(e) => setSymbol(e.target.value)}
              aria-describedby={description ? descriptionId : undefined}
            >
              {choices.map((s) => (
                <option key={s.symbol} value={s.symbol}>
                  {s.symbol} · {s.name}
                </option>
              ))}
            </select>
          </label>
        )}
        {description && (
          <p id={descriptionId} className="muted">
            {description}
          </p>
        )}
        <div className="dialog-actions">
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button primary" disabled={!chosen}>
            {action}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
