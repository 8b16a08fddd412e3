/** Features the workstation cannot run without. Checked before anything else starts. */
export const INCOMPATIBLE_BROWSER_MESSAGE = 'Incompatible browser version. Please upgrade your browser.';

export function missingFeatures(win: Window & typeof globalThis = window): string[] {
  const missing: string[] = [];
  if (typeof win.Worker !== 'function' || !supportsModuleWorkers(win)) missing.push('module workers');
  if (typeof win.ResizeObserver !== 'function') missing.push('ResizeObserver');
  if (typeof win.structuredClone !== 'function') missing.push('structuredClone');
  const canvas = win.document.createElement('canvas');
  if (typeof canvas.getContext !== 'function' || !canvas.getContext('2d')) missing.push('canvas');
  return missing;
}

/** Module workers are detected by whether the browser reads the `type` option (the standard trick). */
function supportsModuleWorkers(win: Window & typeof globalThis): boolean {
  let supported = false;
  const options = {
    get type(): 'module' {
      supported = true;
      return 'module';
    },
  };
  try {
    const url = win.URL.createObjectURL(new Blob([''], { type: 'text/javascript' }));
    new win.Worker(url, options).terminate();
    win.URL.revokeObjectURL(url);
  } catch {
    // Constructing may fail for CSP reasons; reading `type` already told us what we need.
  }
  return supported;
}
