import './app/styles';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { INCOMPATIBLE_BROWSER_MESSAGE, missingFeatures } from './app/browser-support';
import { exposeTestHooks } from './app/test-hooks';
import { installTrustedTypesPolicy } from './app/trusted-types';
import { reportUncaughtErrors } from './app/uncaught-errors';
import { createWorkstation } from './app/workstation';
import { exposeEngineForTests } from './data/engine-client';
import { watchFeedStatus } from './data/feed-status';
import { fetchSymbols, watchHistorySources, watchOtherTabsImports } from './data/symbol-catalog';
import { registerPaneKinds } from './panes';

// First of all: the CSP lets script URLs (the data worker's) through this policy only.
installTrustedTypesPolicy();

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root');

const missing = missingFeatures();
if (missing.length > 0) {
  console.warn(`${INCOMPATIBLE_BROWSER_MESSAGE} Missing: ${missing.join(', ')}.`);
  const message = document.createElement('p');
  message.className = 'incompatible';
  message.setAttribute('role', 'alert');
  message.textContent = INCOMPATIBLE_BROWSER_MESSAGE;
  rootElement.replaceChildren(message);
} else {
  registerPaneKinds();
  const { workstation } = createWorkstation();
  reportUncaughtErrors(workstation.session);
  // Only test builds carry the hooks; in a user's build this block and the modules it needs are gone.
  if (__TEST_HOOKS__) {
    exposeTestHooks(workstation);
    exposeEngineForTests();
  }
  // The symbol list decides whether `Remove imported symbol` is offered, even with no chart open.
  fetchSymbols(workstation.session).catch(() => undefined);
  watchOtherTabsImports(workstation.session);
  watchHistorySources(workstation.session);
  // The real feeds' state, for the status bar, the feed status panel and the charts of feed symbols.
  watchFeedStatus(workstation.session);
  createRoot(rootElement).render(
    <StrictMode>
      <App workstation={workstation} />
    </StrictMode>,
  );
}
