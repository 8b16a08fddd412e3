import { useSession } from '../session/session-context';

const NAMES = { webgl: 'WebGL', canvas: 'Canvas' } as const;

/** Status-bar indicator of the renderer the analytic panes draw with (nothing until one opens). */
export function RendererStatus() {
  const status = useSession((s) => s.renderer);
  if (status.kind === null) return null;
  const lost = status.state === 'lost';
  return (
    <span
      className={`renderer-status${lost ? ' renderer-status-lost' : ''}`}
      data-testid="renderer-status"
      data-renderer={status.kind}
      data-state={status.state}
      data-restores={status.restores}
      title={status.reason}
    >
      Renderer: {NAMES[status.kind]}
      {lost ? ' (context lost)' : ''}
    </span>
  );
}
