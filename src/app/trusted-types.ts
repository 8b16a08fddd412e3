/**
 * Trusted Types: the CSP requires them for every script sink (`require-trusted-types-for 'script'`),
 * so a string can reach `innerHTML`, `eval`-like calls or a worker's script URL only through a policy.
 * The app writes no HTML and evaluates no strings; its only script URLs are its own workers. The
 * default policy therefore lets through script URLs of this origin (the data worker, and the blob
 * worker the browser-support check starts) and refuses everything else, which then throws at the sink.
 */

interface TrustedTypePolicyOptions {
  createScriptURL?: (input: string) => string | null;
  createHTML?: (input: string) => string | null;
  createScript?: (input: string) => string | null;
}

interface TrustedTypePolicyFactory {
  createPolicy(name: string, options: TrustedTypePolicyOptions): unknown;
}

declare global {
  interface Window {
    trustedTypes?: TrustedTypePolicyFactory;
  }
}

/** The policy's name, as the CSP's `trusted-types` directive lists it. */
export const TRUSTED_TYPES_POLICY = 'default';

/** True when `url` (resolved against the page) belongs to this origin, blob URLs it made included. */
export function isOwnScriptUrl(url: string, page: string): boolean {
  try {
    return new URL(url, page).origin === new URL(page).origin;
  } catch {
    return false;
  }
}

/** Creates the default policy once, before anything uses a script sink; browsers without TT skip it. */
export function installTrustedTypesPolicy(win: Window = window): void {
  win.trustedTypes?.createPolicy(TRUSTED_TYPES_POLICY, {
    createScriptURL: (input) => (isOwnScriptUrl(input, win.location.href) ? input : null),
    createHTML: () => null,
    createScript: () => null,
  });
}
