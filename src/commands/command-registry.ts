/**
 * The one registry of commands. Keyboard, palette, toolbar and context menus all read it; nothing
 * binds a key on its own (practice 1, docs/practices.md).
 */
import { matchKeybindingPress, parseKeybinding } from 'tinykeys';
import type { Availability, Command, CommandContext, CommandTarget, KeyScope } from './command';
import { canonicalKey } from './key-format';

export interface KeyConflict {
  key: string;
  scope: string;
  commandIds: [string, string];
}

export class CommandRegistry {
  private readonly commands = new Map<string, Command>();

  register(commands: readonly Command[]): void {
    for (const command of commands) {
      if (this.commands.has(command.id)) throw new Error(`Command "${command.id}" is registered twice`);
      this.commands.set(command.id, command);
    }
    const conflicts = this.findConflicts();
    if (conflicts.length > 0) {
      const [c] = conflicts;
      throw new Error(`Key ${c?.key} is bound to both "${c?.commandIds[0]}" and "${c?.commandIds[1]}"`);
    }
  }

  list(): Command[] {
    return [...this.commands.values()];
  }

  get(id: string): Command | undefined {
    return this.commands.get(id);
  }

  /** Pairs of commands that one key press in one scope would both trigger. */
  findConflicts(): KeyConflict[] {
    const owners = new Map<string, Command>();
    const conflicts: KeyConflict[] = [];
    for (const command of this.commands.values()) {
      for (const key of command.keys ?? []) {
        const scope = command.scope ?? 'global';
        const slot = `${scope}|${canonicalKey(key)}`;
        const owner = owners.get(slot);
        if (owner && !(owner.toggleGroup && owner.toggleGroup === command.toggleGroup)) {
          conflicts.push({ key, scope, commandIds: [owner.id, command.id] });
        } else if (!owner) {
          owners.set(slot, command);
        }
      }
    }
    return conflicts;
  }

  /**
   * Whether a command can run. `args` are the widget's arguments; without them a command that needs
   * arguments is not available (the palette and menus have none to give).
   */
  availability(command: Command, ctx: CommandContext, args?: CommandTarget): Availability {
    if (args === undefined && command.needsArgs) return 'Runs from its own control';
    return command.when ? command.when(ctx, args ?? {}) : true;
  }

  /** Commands offered in the palette: every command that needs no arguments from a widget. */
  listForPalette(): Command[] {
    return this.list().filter((c) => !c.needsArgs);
  }

  /**
   * The command a key press triggers in the given scopes, preferring an available one (so Alt+Enter
   * picks Maximize or Restore, whichever applies).
   */
  match(
    event: KeyboardEvent,
    scopes: readonly KeyScope[],
    ctx: CommandContext,
    args?: CommandTarget,
  ): Command | null {
    let fallback: Command | null = null;
    for (const command of this.commands.values()) {
      if (!scopes.includes(command.scope ?? 'global')) continue;
      for (const key of command.keys ?? []) {
        const [press] = parseKeybinding(key);
        if (press && parseKeybinding(key).length === 1 && matchKeybindingPress(event, press)) {
          if (this.availability(command, ctx, args) === true) return command;
          fallback ??= command;
        }
      }
    }
    return fallback;
  }
}
