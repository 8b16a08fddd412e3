/**
 * The one registry of commands. Keyboard, palette, toolbar and context menus all read it; nothing
 * binds a key on its own (STYLE practice 1).
 */
import { matchKeybindingPress, parseKeybinding } from 'tinykeys';
import type { Availability, Command, CommandContext } from './command';
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

  availability(command: Command, ctx: CommandContext): Availability {
    return command.availability ? command.availability(ctx) : true;
  }

  /** Runs a command if it is available. Returns whether it ran. */
  execute(id: string, ctx: CommandContext): boolean {
    const command = this.commands.get(id);
    if (!command || this.availability(command, ctx) !== true) return false;
    command.run(ctx);
    return true;
  }

  /**
   * The command a key press triggers in the given scopes, preferring an available one (so Alt+Enter
   * picks Maximize or Restore, whichever applies).
   */
  match(event: KeyboardEvent, scopes: readonly string[], ctx: CommandContext): Command | null {
    let fallback: Command | null = null;
    for (const command of this.commands.values()) {
      if (!scopes.includes(command.scope ?? 'global')) continue;
      for (const key of command.keys ?? []) {
        const [press] = parseKeybinding(key);
        if (press && parseKeybinding(key).length === 1 && matchKeybindingPress(event, press)) {
          if (this.availability(command, ctx) === true) return command;
          fallback ??= command;
        }
      }
    }
    return fallback;
  }
}
