/** A dialog's title (its h2) and its Close button. */
export function DialogHeader({ title, onClose }: { title: string; onClose(): void }) {
  return (
    <header className="dialog-header">
      <h2>{title}</h2>
      <button type="button" className="icon-button" aria-label="Close" onClick={onClose}>
        ✕
      </button>
    </header>
  );
}
