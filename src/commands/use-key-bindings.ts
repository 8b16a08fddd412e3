import { useEffect } from 'react';
import type { Workstation } from '../app/workstation';

function isEditable(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable ||
      target.tagName === 'INPUT' ||
      target.tagName === 'TEXTAREA' ||
      target.tagName === 'SELECT')
  );
}

/** The single key listener of the app: it asks the registry which command a key press means. */
export function useKeyBindings(workstation: Workstation): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || isEditable(event.target)) return;
      const inChart =
        event.target instanceof Element && event.target.closest('[data-pane-family="financial"]') !== null;
      const ctx = workstation.context();
      const command = workstation.registry.match(event, inChart ? ['chart', 'global'] : ['global'], ctx);
      if (!command) return;
      event.preventDefault();
      workstation.registry.execute(command.id, ctx);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [workstation]);
}
