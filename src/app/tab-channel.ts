/**
 * The browser's side of keeping tabs in step (src/state/workspace-sync.ts): a BroadcastChannel for
 * saves announced by other tabs, the storage event where BroadcastChannel is missing, and Web Locks
 * to serialise writes across tabs where the browser has them.
 */
import type { SyncChannel, SyncLock } from '../state/workspace-sync';

export function browserSyncChannel(name: string, storageKey: string): SyncChannel {
  const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(name);
  return {
    post: (text) => channel?.postMessage(text),
    listen(receive) {
      const onMessage = (event: MessageEvent) => {
        if (typeof event.data === 'string') receive(event.data);
      };
      // Fires in the other tabs of the origin when one writes the key; a repeat of a message already
      // received is ignored by its revision.
      const onStorage = (event: StorageEvent) => {
        if (event.key === storageKey && event.newValue !== null) receive(event.newValue);
      };
      channel?.addEventListener('message', onMessage);
      window.addEventListener('storage', onStorage);
      return () => {
        channel?.removeEventListener('message', onMessage);
        window.removeEventListener('storage', onStorage);
        channel?.close();
      };
    },
  };
}

export function browserSyncLock(name: string): SyncLock {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return { run: async (task) => task() };
  return { run: (task) => locks.request(name, () => task()) };
}

/** A random id per tab (per page load), to tell a tab's own saves from others'. */
export function newTabId(): string {
  return crypto.randomUUID();
}
