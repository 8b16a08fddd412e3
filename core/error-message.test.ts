import { describe, expect, it } from 'vitest';
import { storageErrorMessage } from './error-message';

describe('storageErrorMessage', () => {
  it('says a full storage and a refused one in words, and passes other errors on', () => {
    const quota = new DOMException(
      "Failed to execute 'setItem' on 'Storage': Setting the value of 'x' exceeded the quota.",
      'QuotaExceededError',
    );
    expect(storageErrorMessage(quota)).toBe("this browser's storage for the workstation is full");
    expect(storageErrorMessage(new DOMException('quota', 'NS_ERROR_DOM_QUOTA_REACHED'))).toContain('is full');
    expect(storageErrorMessage(new DOMException('The operation is insecure.', 'SecurityError'))).toContain(
      'private window',
    );
    expect(storageErrorMessage(new Error('disk on fire'))).toBe('disk on fire');
  });
});
