/**
 * Pane templates as commands: save the focused pane's setup under a name, apply a template to the
 * focused pane, delete one. Templates live in the document, so each is an undo step. A template
 * applies to panes of its own family (a chart template to any chart type, not to a watchlist).
 */
import { notify, openDialog } from '../session/session-actions';
import { RECORD } from '../state/history';
import {
  applyPaneTemplate,
  deletePaneTemplate,
  savePaneTemplate,
  templateNameProblem,
} from '../state/pane-templates';
import type { WorkspaceDocument } from '../state/workspace-document';
import { getPaneKind, ownSettingsOf } from '../workspace/pane-registry';
import { type Command, defineCommand } from './command';

declare module './command' {
  interface CommandArgs {
    'save-pane-template': { readonly name: string };
    'apply-pane-template': { readonly name: string };
    'delete-pane-template': { readonly name: string };
  }
}

/** Whether the template `name` can be applied to the pane: true, or why not. */
export function templateFits(doc: WorkspaceDocument, paneId: string | null, name: string): true | string {
  const pane = paneId ? doc.panes[paneId] : undefined;
  const template = doc.templates?.[name];
  if (!pane) return 'No pane is focused';
  if (!template) return `There is no template "${name}"`;
  const from = getPaneKind(template.kind);
  const to = getPaneKind(pane.kind);
  if (!from) return `The template "${name}" is for a kind of pane this version does not know`;
  return from.family === to?.family ? true : `"${name}" is a template for ${from.family} panes`;
}

export function templateCommands(): Command[] {
  return [
    {
      id: 'show-save-pane-template',
      label: 'Save pane as template…',
      group: 'Templates',
      inPaneMenu: true,
      when: (ctx) =>
        ctx.paneId && ctx.workspace.getDocument().panes[ctx.paneId] ? true : 'No pane is focused',
      perform: (ctx) => openDialog(ctx.session, 'save-template'),
    },
    {
      id: 'show-pane-templates',
      label: 'Apply template…',
      group: 'Templates',
      inPaneMenu: true,
      when: (ctx) =>
        Object.keys(ctx.workspace.getDocument().templates ?? {}).length > 0 ? true : 'No templates saved yet',
      perform: (ctx) => openDialog(ctx.session, 'templates'),
    },
    defineCommand({
      id: 'save-pane-template',
      label: 'Save pane template',
      group: 'Templates',
      needsArgs: true,
      when: (ctx, { name }) => {
        if (!ctx.paneId || !ctx.workspace.getDocument().panes[ctx.paneId]) return 'No pane is focused';
        return templateNameProblem(name) ?? true;
      },
      perform: (ctx, { name }) => {
        const paneId = ctx.paneId;
        if (!paneId) return;
        return {
          edit: (d) => savePaneTemplate(d, paneId, name, ownSettingsOf),
          history: RECORD,
          after: () => notify(ctx.session, `Saved template "${name.trim()}".`),
        };
      },
    }),
    defineCommand({
      id: 'apply-pane-template',
      label: 'Apply pane template',
      group: 'Templates',
      needsArgs: true,
      when: (ctx, { name }) => templateFits(ctx.workspace.getDocument(), ctx.paneId, name),
      perform: (ctx, { name }) => {
        const paneId = ctx.paneId;
        if (!paneId) return;
        return { edit: (d) => applyPaneTemplate(d, paneId, name, ownSettingsOf), history: RECORD };
      },
    }),
    defineCommand({
      id: 'delete-pane-template',
      label: 'Delete pane template',
      group: 'Templates',
      needsArgs: true,
      when: (ctx, { name }) =>
        ctx.workspace.getDocument().templates?.[name] ? true : `There is no template "${name}"`,
      perform: (ctx, { name }) => ({
        edit: (d) => deletePaneTemplate(d, name),
        history: RECORD,
        after: () => notify(ctx.session, `Deleted template "${name}". Undo brings it back.`),
      }),
    }),
  ];
}
