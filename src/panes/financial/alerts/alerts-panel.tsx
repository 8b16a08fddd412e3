/**
 * The alerts panel: every alert of the workspace, grouped Active, Fired and Expired, each to edit
 * or delete (keyboard reachable: they are buttons). Opened by `Show alerts` (Alt+Shift+A).
 */

import { CommandButton } from '../../../commands/command-button';
import { useTimeZone } from '../../../commands/use-time-zone';
import { useDocument, useWorkstation } from '../../../commands/use-workstation';
import { useSession } from '../../../session/session-context';
import {
  type AlertStatus,
  alertDescription,
  alertStatus,
  alertsOf,
  unwatchedReason,
} from '../../../state/price-alerts';
import { priceInWords } from '../../../state/price-words';
import type { PriceAlert, WorkspaceDocument } from '../../../state/workspace-document';
import { formatAlertTime } from './alert-time';
import { useExpiryClock } from './use-expiry-clock';

const GROUPS: readonly { status: AlertStatus; title: string }[] = [
  { status: 'active', title: 'Active' },
  { status: 'fired', title: 'Fired' },
  { status: 'expired', title: 'Expired' },
];

export function AlertsPanel() {
  const { run } = useWorkstation();
  const open = useSession((s) => s.alertsPanelOpen);
  const doc = useDocument((s) => s.document);
  const alerts = alertsOf(doc);
  const now = useExpiryClock(alerts, open);
  if (!open) return null;
  return (
    <aside className="side-panel alerts-panel" aria-label="Alerts">
      <header className="dialog-header">
        <h2>Alerts</h2>
        <button
          type="button"
          className="icon-button"
          aria-label="Close alerts"
          onClick={() => run('toggle-alerts-panel')}
        >
          ✕
        </button>
      </header>
      <div className="alerts-actions">
        <CommandButton commandId="add-alert" />
      </div>
      {alerts.length === 0 && (
        <p className="muted">
          No alerts. Select a line on a chart and press Alt+A, or use the Add alert button.
        </p>
      )}
      {GROUPS.map(({ status, title }) => {
        const items = alerts.filter((a) => alertStatus(a, now) === status);
        if (items.length === 0) return null;
        return (
          <section key={status} className="alerts-group">
            <h3>
              {title} ({items.length})
            </h3>
            <ul className="alert-list" aria-label={`${title} alerts`}>
              {items.map((a) => (
                <AlertRow key={a.id} alert={a} doc={doc} status={status} />
              ))}
            </ul>
          </section>
        );
      })}
    </aside>
  );
}

function AlertRow({
  alert: a,
  doc,
  status,
}: {
  alert: PriceAlert;
  doc: WorkspaceDocument;
  status: AlertStatus;
}) {
  const { run } = useWorkstation();
  const zone = useTimeZone(a.symbol);
  const description = alertDescription(doc, a);
  const unwatched = status === 'active' ? unwatchedReason(doc, a) : null;
  const detail =
    status === 'fired' && a.fired
      ? `Fired ${formatAlertTime(a.fired.at, zone)} at ${priceInWords(a.fired.price)}`
      : a.expiresAt !== undefined
        ? `${status === 'expired' ? 'Expired' : 'Expires'} ${formatAlertTime(a.expiresAt, zone)}`
        : 'No expiry';
  return (
    <li className={`alert-row alert-${status}${unwatched ? ' alert-unwatched-row' : ''}`}>
      <span className="alert-description">{description}</span>
      {a.message && <span className="alert-message">{a.message}</span>}
      <span className="muted alert-detail">{detail}</span>
      {unwatched && <span className="alert-unwatched">Not watched. {unwatched}.</span>}
      <span className="alert-buttons">
        <button
          type="button"
          className="button"
          aria-label={`Edit alert ${description}`}
          onClick={() => run('edit-alert', { alertId: a.id })}
        >
          Edit
        </button>
        <button
          type="button"
          className="button"
          aria-label={`Delete alert ${description}`}
          onClick={() => run('delete-alert', { alertId: a.id })}
        >
          Delete
        </button>
      </span>
    </li>
  );
}
