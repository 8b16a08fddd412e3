/** The centred message a pane shows instead of content: the overlay texts of docs/reference-constants.md, or an error. */
export function PaneOverlay({ text, tone = 'info' }: { text: string; tone?: 'info' | 'error' }) {
  return (
    <div className={`pane-overlay pane-overlay-${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {text}
    </div>
  );
}
