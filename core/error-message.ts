/**
 * The text of anything thrown, for messages to the user and error responses: an Error's message (its
 * name when the message is empty), a thrown string as it is, anything else as `Unknown error`. Imported
 * by the engine and by every layer of the page, so every failure reads the same way.
 */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return typeof error === 'string' ? error : 'Unknown error';
}

/** Names browsers give a full storage: Chromium and Safari, and Firefox's older one. */
const QUOTA_NAMES = new Set(['QuotaExceededError', 'NS_ERROR_DOM_QUOTA_REACHED']);

/**
 * Why the browser refused to store or read something (localStorage, IndexedDB), in words a user can
 * act on: the browser's own text is written for developers ("Failed to execute 'setItem' on 'Storage':
 * Setting the value of 'workstation.workspace' exceeded the quota.").
 */
export function storageErrorMessage(error: unknown): string {
  const name = error instanceof Error ? error.name : '';
  if (QUOTA_NAMES.has(name)) return "this browser's storage for the workstation is full";
  if (name === 'SecurityError') {
    return 'this browser does not let the workstation store data here (a private window or a site setting)';
  }
  return errorMessage(error);
}
