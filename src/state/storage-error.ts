/**
 * Why the browser refused to store something, in words a user can act on. Browsers throw a
 * `DOMException` whose own message is written for developers ("Failed to execute 'setItem' on
 * 'Storage': Setting the value of 'workstation.workspace' exceeded the quota."). Pure.
 */
import { errorMessage } from '../../workers/error-message';

/** Names browsers give a full storage: Chromium and Safari, and Firefox's older one. */
const QUOTA_NAMES = new Set(['QuotaExceededError', 'NS_ERROR_DOM_QUOTA_REACHED']);

export function storageErrorMessage(error: unknown): string {
  const name = error instanceof Error ? error.name : '';
  if (QUOTA_NAMES.has(name)) return "this browser's storage for the workstation is full";
  if (name === 'SecurityError')
    return 'this browser does not let the workstation store data here (a private window or a site setting)';
  return errorMessage(error);
}
