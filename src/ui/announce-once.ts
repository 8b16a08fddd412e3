/**
 * One announcement across the tabs of the workstation. Every open tab runs its own data worker, so an
 * alert fires in each of them at about the same tick; the in-app notice belongs to each tab, but the
 * beep and the desktop notification should come once. The first tab to claim the key (a Web Lock,
 * held a while after) announces; a tab that finds it held stays quiet. By the time the hold ends the
 * tabs have shared the fired alert through the saved workspace, so it does not fire again.
 */

const HOLD_MS = 15_000;

export function announceOnce(key: string, announce: () => void, holdMs = HOLD_MS): void {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) {
    announce();
    return;
  }
  void locks.request(`workstation.announce:${key}`, { ifAvailable: true }, async (lock) => {
    if (!lock) return;
    announce();
    await new Promise((resolve) => setTimeout(resolve, holdMs));
  });
}
