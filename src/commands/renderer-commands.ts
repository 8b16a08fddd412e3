/** `Renderer: Automatic`, `Renderer: WebGL`, `Renderer: Canvas`: the renderer setting, from the palette. */

import type { RendererPreference } from '../render/renderer-choice';
import type { SharedLayer } from '../render/shared-layer';
import type { Command } from './command';

const CHOICES: { preference: RendererPreference; name: string }[] = [
  { preference: 'auto', name: 'Automatic' },
  { preference: 'webgl', name: 'WebGL' },
  { preference: 'canvas', name: 'Canvas' },
];

/** `layer` is the workstation's shared layer, the one these commands set up. */
export function rendererCommands(layer: SharedLayer): Command[] {
  return CHOICES.map(({ preference, name }) => ({
    id: `renderer:${preference}`,
    label: `Renderer: ${name}`,
    group: 'Renderer',
    // A setting of this browser, not of the workspace: it never enters the undo history.
    when: (ctx) => {
      const status = ctx.session.getState().renderer;
      if (status.source === 'url') return 'The page address sets the renderer (?renderer=)';
      return status.preference === preference && status.source !== 'default'
        ? `The renderer is already set to ${name}`
        : true;
    },
    perform: () => layer.setPreference(preference),
  }));
}
