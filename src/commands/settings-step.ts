/** The one way a command changes a pane's settings: a recorded step (one undo step). */
import { RECORD } from '../state/history';
import type { PaneId } from '../state/layout-node';
import { setPaneSettings } from '../state/workspace-edits';
import type { DocumentStep } from './command';

export function settingsStep(paneId: PaneId, patch: Readonly<Record<string, unknown>>): DocumentStep {
  return { edit: (d) => setPaneSettings(d, paneId, patch), history: RECORD };
}
