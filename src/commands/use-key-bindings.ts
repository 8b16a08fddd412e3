import { useEffect } from 'react';
import type { Workstation } from '../app/workstation';

const NON_TEXT_INPUTS = new Set(['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file']);

/** Where keys type text or pick values, the workspace's keys stay out of the way. */
function isEditable(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target instanceof HTMLInputElement) return !NON_TEXT_INPUTS.has(target.type);
  return target.isContentEditable || target.tagName === 'TEXTAREA' || target.tagName === 'SELECT';
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
