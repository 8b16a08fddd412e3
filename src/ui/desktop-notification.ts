/**
 * Browser notifications for fired alerts. Permission is asked only by an explicit command (never on
 * load), and a notification is shown only where it was granted.
 */

export type NotificationAccess = 'granted' | 'denied' | 'default' | 'unsupported';

export function notificationAccess(): NotificationAccess {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}

/** Asks the browser for permission (the user's command); resolves with the answer. */
export async function requestNotificationAccess(): Promise<NotificationAccess> {
  if (typeof Notification === 'undefined') return 'unsupported';
  return Notification.requestPermission();
}

/** Shows a notification where the user allowed them; elsewhere does nothing. */
export function showDesktopNotification(title: string, body: string, tag: string): void {
  if (notificationAccess() !== 'granted') return;
  try {
    new Notification(title, { body, tag });
  } catch {
    // Some platforms allow notifications from a service worker only: the in-app notice remains.
  }
}
