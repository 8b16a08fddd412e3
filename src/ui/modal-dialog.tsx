/** A modal built on the native <dialog>: focus trapping, Escape and the dialog role come for free. */
import { type ReactNode, useLayoutEffect, useRef } from 'react';

interface ModalDialogProps {
  label: string;
  onClose(): void;
  children: ReactNode;
  className?: string;
}

export function ModalDialog({ label, onClose, children, className }: ModalDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  // A layout effect: its cleanup (close, focus back to the opener) runs inside the commit, so a caller
  // that closes with flushSync finds focus restored when flushSync returns.
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.showModal();
    // React's autoFocus runs before the dialog is open, so focus the first field explicitly.
    dialog.querySelector<HTMLElement>('input, select, textarea, button')?.focus();
    const handleClose = () => onCloseRef.current();
    // Escape: close through React at once. The native close event comes a task later, so a key pressed
    // right after Escape (Ctrl+K again) found the dialog still open in the state and was lost.
    const handleCancel = (event: Event) => {
      event.preventDefault();
      onCloseRef.current();
    };
    dialog.addEventListener('cancel', handleCancel);
    dialog.addEventListener('close', handleClose);
    return () => {
      dialog.removeEventListener('cancel', handleCancel);
      dialog.removeEventListener('close', handleClose);
      if (dialog.open) dialog.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      aria-label={label}
      className={`modal ${className ?? ''}`}
      onClick={(e) => {
        // A click on the backdrop lands on the dialog element itself.
        if (e.target === e.currentTarget) onClose();
      }}
      onKeyDown={(e) => {
        // Keys typed in a dialog never reach the workspace's global bindings.
        e.stopPropagation();
      }}
    >
      {children}
    </dialog>
  );
}
