/**
 * An analytic pane's settings: the series hidden from its legend, and one value per title-bar
 * control (dataset, scale, mode...), each falling back to its default when missing or unknown.
 */
import * as v from 'valibot';
import type { SettingsSchema } from '../../../state/pane-settings';
import type { SettingControl } from './chart';

export function analyticSettingsSchema(controls: readonly SettingControl[]): SettingsSchema {
  const entries = controls.map((control) => {
    const values = control.options.map((option) => option.value);
    return [control.key, v.fallback(v.picklist(values), control.defaultValue)] as const;
  });
  return v.object({
    hidden: v.fallback(v.array(v.string()), []),
    ...Object.fromEntries(entries),
  });
}
