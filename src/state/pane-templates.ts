/**
 * Pane templates: a pane's setup (its kind and settings: interval, studies, styles) saved under a
 * name in the document, so they are undoable, saved, exported and imported with the workspace.
 * Applying one changes a pane's kind and settings and keeps its symbol, link group and drawings.
 * Pure edits; which panes a template suits is the command's call (it knows the pane families).
 */
import type { PaneId } from './layout-node';
import type { PaneTemplate, WorkspaceDocument } from './workspace-document';

export const MAX_TEMPLATE_NAME = 60;

/** Why a name cannot be a template name, or null when it can (after trimming). */
export function templateNameProblem(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed.length === 0) return 'A template needs a name';
  if (trimmed.length > MAX_TEMPLATE_NAME)
    return `A template name has at most ${MAX_TEMPLATE_NAME} characters`;
  return null;
}

/** The templates by name, in name order. */
export function templatesOf(doc: WorkspaceDocument): PaneTemplate[] {
  return Object.values(doc.templates ?? {}).sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * The settings keys of a kind that belong to the pane, not to its setup (a chart's compared symbols,
 * whether it keeps its own interval in a link group): templates leave them out and alone.
 */
export type OwnSettings = (kind: string) => readonly string[];

const NONE: OwnSettings = () => [];

function without(
  settings: Readonly<Record<string, unknown>>,
  keys: readonly string[],
): Record<string, unknown> {
  const rest = { ...settings };
  for (const key of keys) delete rest[key];
  return rest;
}

/** Saves the pane's kind and settings (less its own) as `name` (replacing a template of that name). */
export function savePaneTemplate(
  doc: WorkspaceDocument,
  paneId: PaneId,
  name: string,
  own: OwnSettings = NONE,
): WorkspaceDocument {
  const pane = doc.panes[paneId];
  const trimmed = name.trim();
  if (!pane || templateNameProblem(trimmed) !== null) return doc;
  const template: PaneTemplate = {
    name: trimmed,
    kind: pane.kind,
    settings: without(pane.settings, own(pane.kind)),
  };
  return { ...doc, templates: { ...doc.templates, [trimmed]: template } };
}

/**
 * Gives the pane the template's kind and settings; its symbol, link group, drawings and own settings
 * (those of the template's kind that it has) stay.
 */
export function applyPaneTemplate(
  doc: WorkspaceDocument,
  paneId: PaneId,
  name: string,
  own: OwnSettings = NONE,
): WorkspaceDocument {
  const pane = doc.panes[paneId];
  const template = doc.templates?.[name];
  if (!pane || !template) return doc;
  const kept = own(template.kind).filter((key) => key in pane.settings);
  const settings = { ...template.settings, ...Object.fromEntries(kept.map((k) => [k, pane.settings[k]])) };
  // Applied already: no change, so no empty undo step.
  const entries = Object.entries(settings);
  const same =
    pane.kind === template.kind &&
    entries.length === Object.keys(pane.settings).length &&
    entries.every(([key, value]) => pane.settings[key] === value);
  if (same) return doc;
  return {
    ...doc,
    panes: { ...doc.panes, [paneId]: { ...pane, kind: template.kind, settings } },
  };
}

export function deletePaneTemplate(doc: WorkspaceDocument, name: string): WorkspaceDocument {
  if (!doc.templates?.[name]) return doc;
  const { [name]: _gone, ...rest } = doc.templates;
  return { ...doc, templates: rest };
}
