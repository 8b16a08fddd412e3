/** Commands on the workspace document as a whole: reset, export/import, named workspaces. */
import { createDefaultDocument } from '../state/default-document';
import { RECORD } from '../state/history';
import { parseWorkspaceFile, serializeWorkspace } from '../state/persistence';
import { notify, openDialog } from '../state/ui-store';
import { downloadText, fileStamp, pickFile } from '../ui/files';
import type { Command } from './command';

export function documentCommands(): Command[] {
  return [
    {
      id: 'reset-workspace',
      label: 'Reset workspace',
      group: 'Workspace',
      run: (ctx) => {
        const fresh = createDefaultDocument(ctx.workspace.getDocument().theme);
        ctx.workspace.edit(() => fresh, RECORD);
        notify('The workspace was reset to the default layout. Undo brings yours back.');
      },
    },
    {
      id: 'export-workspace',
      label: 'Export workspace',
      group: 'Workspace',
      run: (ctx) => {
        downloadText(`workspace-${fileStamp()}.json`, serializeWorkspace(ctx.workspace.getDocument()));
      },
    },
    {
      id: 'import-workspace',
      label: 'Import workspace',
      group: 'Workspace',
      run: async (ctx) => {
        const file = await pickFile('.json,application/json');
        if (!file) return;
        const result = parseWorkspaceFile(await file.text());
        if (!result.ok) {
          notify(
            `Could not import "${file.name}": ${result.problem}. Your workspace was not changed.`,
            'error',
          );
          return;
        }
        ctx.workspace.edit(() => result.document, RECORD);
        notify(`Imported "${file.name}". Undo restores the previous workspace.`);
      },
    },
    {
      id: 'save-workspace-as',
      label: 'Save workspace as…',
      group: 'Workspace',
      run: () => openDialog('save-workspace'),
    },
    {
      id: 'open-workspace',
      label: 'Open workspace…',
      group: 'Workspace',
      run: () => openDialog('open-workspace'),
    },
  ];
}
