/**
 * Named workspaces: `Save workspace as` writes the current document under a name, the Open dialog
 * deletes one. They live in this browser's storage, not in the document, so neither is an undo step;
 * a deletion is offered back in its notice instead.
 */
import { notify } from '../session/session-actions';
import {
  deleteNamedWorkspace,
  NAMED_KEY_PREFIX,
  type StorageLike,
  saveNamedWorkspace,
} from '../state/persistence';
import { type Command, defineCommand } from './command';

declare module './command' {
  interface CommandArgs {
    'save-named-workspace': { readonly name: string };
    'delete-named-workspace': { readonly name: string };
  }
}

export function namedWorkspaceCommands(storage: StorageLike): Command[] {
  return [
    defineCommand({
      id: 'save-named-workspace',
      label: 'Save named workspace',
      group: 'Workspace',
      needsArgs: true,
      perform: (ctx, { name }) => {
        const saved = saveNamedWorkspace(storage, name, ctx.workspace.getDocument());
        if (saved.ok) notify(ctx.session, `Saved workspace "${saved.name}".`);
        else notify(ctx.session, `Not saved: ${saved.problem}`, 'error');
      },
    }),
    defineCommand({
      id: 'delete-named-workspace',
      label: 'Delete named workspace',
      group: 'Workspace',
      needsArgs: true,
      perform: (ctx, { name }) => {
        const key = `${NAMED_KEY_PREFIX}${name}`;
        let kept: string | null = null;
        try {
          kept = storage.getItem(key);
        } catch {
          // Unreadable storage: the deletion below reports it.
        }
        if (!deleteNamedWorkspace(storage, name)) {
          notify(ctx.session, `Could not delete "${name}"`, 'error');
          return;
        }
        const restore = () => {
          if (kept === null) return;
          try {
            storage.setItem(key, kept);
            notify(ctx.session, `Restored workspace "${name}".`);
          } catch (error) {
            notify(ctx.session, `Could not restore "${name}": ${String(error)}`, 'error');
          }
        };
        notify(ctx.session, `Deleted workspace "${name}".`, 'info', { label: 'Undo', run: restore });
      },
    }),
  ];
}
