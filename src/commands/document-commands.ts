/** Commands on the workspace document as a whole: reset, export/import, named workspaces. */

import { notify, openDialog } from '../session/session-actions';
import { RECORD } from '../state/history';
import { parseWorkspaceFile, serializeWorkspace } from '../state/persistence';
import type { WorkspaceDocument } from '../state/workspace-document';
import { downloadText, fileStamp, pickFile } from '../ui/files';
import { createDefaultDocument } from '../workspace/default-document';
import { type Command, defineCommand } from './command';

declare module './command' {
  interface CommandArgs {
    /** A whole document from a file or a named workspace: one undoable step, with a notice. */
    'replace-workspace': { readonly document: WorkspaceDocument; readonly notice: string };
  }
}

export function documentCommands(): Command[] {
  return [
    {
      id: 'reset-workspace',
      label: 'Reset workspace',
      group: 'Workspace',
      perform: (ctx) => {
        const fresh = createDefaultDocument(ctx.workspace.getDocument().theme);
        return {
          edit: () => fresh,
          history: RECORD,
          after: () =>
            notify(ctx.session, 'The workspace was reset to the default layout. Undo brings yours back.'),
        };
      },
    },
    {
      id: 'export-workspace',
      label: 'Export workspace',
      group: 'Workspace',
      perform: (ctx) => {
        downloadText(`workspace-${fileStamp()}.json`, serializeWorkspace(ctx.workspace.getDocument()));
      },
    },
    {
      id: 'import-workspace',
      label: 'Import workspace',
      group: 'Workspace',
      perform: async (ctx) => {
        const file = await pickFile('.json,application/json');
        if (!file) return;
        const result = parseWorkspaceFile(await file.text());
        if (!result.ok) {
          notify(
            ctx.session,
            `Could not import "${file.name}": ${result.problem}. Your workspace was not changed.`,
            'error',
          );
          return;
        }
        ctx.run('replace-workspace', {
          document: result.document,
          notice: `Imported "${file.name}". Undo restores the previous workspace.`,
        });
      },
    },
    defineCommand({
      id: 'replace-workspace',
      label: 'Replace workspace',
      group: 'Workspace',
      needsArgs: true,
      perform: (ctx, { document, notice }) => ({
        edit: () => document,
        history: RECORD,
        after: () => notify(ctx.session, notice),
      }),
    }),
    {
      id: 'save-workspace-as',
      label: 'Save workspace as…',
      group: 'Workspace',
      perform: (ctx) => openDialog(ctx.session, 'save-workspace'),
    },
    {
      id: 'open-workspace',
      label: 'Open workspace…',
      group: 'Workspace',
      perform: (ctx) => openDialog(ctx.session, 'open-workspace'),
    },
  ];
}
