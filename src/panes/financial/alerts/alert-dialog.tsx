/**
 * The alert dialog: creates an alert on a drawing or at a price, or edits one (its condition, price,
 * message and expiry). Saving runs `create-alert` or `update-alert`: one undo step either way.
 */
import { useState } from 'react';
import { useTimeZone } from '../../../commands/use-time-zone';
import { useDocument, useWorkstation } from '../../../commands/use-workstation';
import { useSession } from '../../../session/session-context';
import {
  type AlertPatch,
  alertProblem,
  alertTarget,
  CONDITION_NAMES,
  conditionsFor,
  MAX_ALERT_MESSAGE,
  newAlertId,
} from '../../../state/price-alerts';
import { zoneLabel } from '../../../state/time-zone';
import type { PriceAlert } from '../../../state/workspace-document';
import { ModalDialog } from '../../../ui/modal-dialog';
import { fromLocalInput, toLocalInput } from './alert-time';

export function AlertDialog({ onClose }: { onClose(): void }) {
  const request = useSession((s) => s.alertEditor);
  const doc = useDocument((s) => s.document);
  const existing = request?.mode === 'edit' ? doc.alerts?.[request.alertId] : undefined;
  if (!request || (request.mode === 'edit' && !existing)) return null;
  const symbol = existing?.symbol ?? (request.mode === 'new' ? request.symbol : '');
  const annotationId = existing
    ? existing.annotationId
    : request.mode === 'new'
      ? request.annotationId
      : undefined;
  // A new alert's price comes from the chart, at its decimals (an edit keeps its own).
  const startPrice = existing?.price ?? (request.mode === 'new' ? request.price : undefined);
  const bars = existing ? existing.bars : request.mode === 'new' ? request.bars : undefined;
  return (
    <AlertForm
      key={existing?.id ?? 'new'}
      onClose={onClose}
      symbol={symbol}
      annotationId={annotationId}
      startPrice={startPrice}
      bars={bars}
      existing={existing}
    />
  );
}

interface AlertFormProps {
  onClose(): void;
  symbol: string;
  annotationId: string | undefined;
  startPrice: number | undefined;
  /** The bars of the chart it is set on (a sloped line is read along them). */
  bars: PriceAlert['bars'];
  existing: PriceAlert | undefined;
}

function AlertForm({ onClose, symbol, annotationId, startPrice, bars, existing }: AlertFormProps) {
  const { run } = useWorkstation();
  const doc = useDocument((s) => s.document);
  const zone = useTimeZone(symbol || null);
  const drawing = annotationId ? doc.annotations[annotationId] : undefined;
  const conditions = conditionsFor(drawing?.kind ?? null);
  const [condition, setCondition] = useState(existing?.condition ?? conditions[0] ?? 'crosses');
  const [price, setPrice] = useState(startPrice === undefined ? '' : String(Number(startPrice.toFixed(8))));
  const [message, setMessage] = useState(existing?.message ?? '');
  const [expires, setExpires] = useState(
    existing?.expiresAt === undefined ? '' : toLocalInput(existing.expiresAt, zone),
  );

  const expiresAt = expires === '' ? undefined : (fromLocalInput(expires, zone) ?? Number.NaN);
  const priceValue = price.trim() === '' ? undefined : Number(price);
  const alert: PriceAlert = {
    id: existing?.id ?? '',
    symbol,
    ...(annotationId !== undefined ? { annotationId } : { price: priceValue }),
    ...(bars ? { bars } : {}),
    condition,
    message: message.trim(),
    ...(expiresAt !== undefined ? { expiresAt } : {}),
    armedAt: existing?.armedAt ?? Date.now(),
  };
  const problem =
    (expiresAt !== undefined && expiresAt <= Date.now() && expiresAt !== existing?.expiresAt
      ? 'The expiry is in the past'
      : null) ?? alertProblem(doc, alert);

  const save = () => {
    if (problem) return;
    if (existing) {
      const patch: AlertPatch = {
        condition,
        message: alert.message,
        expiresAt: expiresAt ?? null,
        ...(annotationId === undefined ? { price: priceValue } : {}),
      };
      run('update-alert', { alertId: existing.id, patch });
    } else {
      run('create-alert', { alert: { ...alert, id: newAlertId(), armedAt: Date.now() } });
    }
    onClose();
  };

  const title = existing ? 'Edit alert' : 'Create alert';
  return (
    <ModalDialog label={title} onClose={onClose}>
      <form
        className="dialog-form alert-form"
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
      >
        <h2>
          {title}: {symbol}
        </h2>
        {drawing ? (
          <p className="muted">
            On the {alertTarget(doc, alert)}; it follows the drawing when it moves.
            {drawing.kind === 'trend-line' && ' A trend line counts between its two points only.'}
          </p>
        ) : (
          <label>
            Price
            <input
              type="number"
              step="any"
              required
              value={price}
              onChange={(e) => setPrice(e.target.value)}
            />
          </label>
        )}
        <label>
          Condition
          <select value={condition} onChange={(e) => setCondition(e.target.value as typeof condition)}>
            {conditions.map((c) => (
              <option key={c} value={c}>
                {CONDITION_NAMES[c]}
              </option>
            ))}
          </select>
        </label>
        <label>
          Message
          <input
            value={message}
            maxLength={MAX_ALERT_MESSAGE}
            placeholder="Shown when it fires"
            onChange={(e) => setMessage(e.target.value)}
          />
        </label>
        <label>
          Expires ({zoneLabel(zone)}; empty: never)
          <input type="datetime-local" value={expires} onChange={(e) => setExpires(e.target.value)} />
        </label>
        {existing?.fired && (
          <p className="muted">It fired. Saving a new condition, price or expiry sets it again.</p>
        )}
        {problem && (
          <p className="form-problem" role="status">
            {problem}
          </p>
        )}
        <div className="dialog-actions">
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button primary" aria-disabled={problem !== null}>
            {existing ? 'Save alert' : 'Create alert'}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
