/**
 * Pane kinds are registered, not switched on (practice 8, docs/practices.md): a new kind is a folder under
 * `src/panes/` plus one `registerPaneKind` call in `src/panes/index.ts`.
 */
import type { ComponentType } from 'react';
import { registerPaneSettings, type SettingsSchema } from '../state/pane-settings';
import type { OwnSettings } from '../state/pane-templates';
import type { PaneState } from '../state/workspace-document';
import type { LinkedSettings } from '../state/workspace-edits';

export type PaneFamily = 'financial' | 'analytic' | 'grid';

export interface PaneViewProps {
  pane: PaneState;
  focused: boolean;
}

export interface PaneKind {
  /** Kind id as in docs/test-contract.md, e.g. `hollow-candlestick`, `xy-line`, `watchlist`. */
  id: string;
  /** Name used in `New pane: <Label>` and the kind picker, e.g. `Hollow candlestick`. */
  label: string;
  family: PaneFamily;
  defaultSymbol: string;
  defaultSettings?: Readonly<Record<string, unknown>>;
  /**
   * The schema of the kind's settings (src/state/pane-settings.ts): the document reads every pane's
   * settings through it, so a saved document's settings are complete and typed.
   */
  settings?: SettingsSchema;
  /** The visible title, which is also the pane region's accessible name. */
  title(pane: PaneState): string;
  View: ComponentType<PaneViewProps>;
  /**
   * Settings keys the pane shares with its link group (a chart's `interval`, unless it keeps its
   * own); a key is shared with the members that list it too (workspace-edits.ts).
   */
  linkedSettings?(pane: PaneState): readonly string[];
  /**
   * Settings keys of the pane itself, not of its setup (a chart's compared symbols): a template
   * neither saves nor replaces them (pane-templates.ts).
   */
  ownSettings?: readonly string[];
  /** Optional controls shown in the pane's title bar. */
  Toolbar?: ComponentType<PaneViewProps>;
  /**
   * False for a kind whose symbol names its dataset (a donut's `Portfolio`), not a market: a pane
   * joining its link group does not take that symbol. Absent: true.
   */
  showsSymbol?: boolean;
}

const kinds = new Map<string, PaneKind>();

const sidePanels: ComponentType[] = [];

/**
 * A panel a pane family shows beside the workspace (the annotations panel of the financial panes),
 * so the app shell renders it without importing the family.
 */
export function registerSidePanel(panel: ComponentType): void {
  if (!sidePanels.includes(panel)) sidePanels.push(panel);
}

export function listSidePanels(): readonly ComponentType[] {
  return sidePanels;
}

export function registerPaneKind(kind: PaneKind): void {
  if (kinds.has(kind.id)) throw new Error(`Pane kind "${kind.id}" is registered twice`);
  kinds.set(kind.id, kind);
  if (kind.settings) registerPaneSettings(kind.id, kind.settings);
}

export function getPaneKind(id: string): PaneKind | undefined {
  return kinds.get(id);
}

export function listPaneKinds(): PaneKind[] {
  return [...kinds.values()];
}

/** What a pane shares with its link group, by its kind. */
export const linkedSettingsOf: LinkedSettings = (pane) => kinds.get(pane.kind)?.linkedSettings?.(pane) ?? [];

/** Whether a pane of this kind shows a market's symbol (see PaneKind.showsSymbol). */
export function showsSymbol(kind: string): boolean {
  return kinds.get(kind)?.showsSymbol ?? true;
}

/** Whether a pane takes its link group's symbol when another member's changes (its kind shows one). */
export const followsGroupSymbol = (pane: PaneState): boolean => showsSymbol(pane.kind);

export const ownSettingsOf: OwnSettings = (kind) => kinds.get(kind)?.ownSettings ?? [];

export function paneTitle(pane: PaneState): string {
  return kinds.get(pane.kind)?.title(pane) ?? `${pane.symbol} · ${pane.kind}`;
}

let paneCounter = 0;

export function newPaneId(): string {
  paneCounter += 1;
  return `p${Date.now().toString(36)}${paneCounter.toString(36)}`;
}

export function createPane(kindId: string, symbol?: string): PaneState {
  const kind = kinds.get(kindId);
  if (!kind) throw new Error(`Unknown pane kind "${kindId}"`);
  return {
    id: newPaneId(),
    kind: kind.id,
    symbol: symbol ?? kind.defaultSymbol,
    linkGroup: null,
    settings: kind.defaultSettings ?? {},
  };
}
