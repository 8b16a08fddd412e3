/**
 * The fired alert's beep: two short tones of a WebAudio oscillator (no audio file to ship or fetch).
 * Whether it sounds is a setting of this browser, kept in its storage, not of the workspace.
 */

import type { StoreApi } from 'zustand/vanilla';

export const ALERT_SOUND_KEY = 'workstation.alert-sound';

/**
 * Keeps the session's `alertSound` in the browser's storage: read once now, written whenever it
 * changes (the `Toggle alert sound` command changes only the session). Returns the function that stops.
 */
export function keepAlertSoundSetting(
  session: StoreApi<{ alertSound: boolean }>,
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>,
): () => void {
  session.setState({ alertSound: readAlertSoundSetting(storage) });
  return session.subscribe((state, previous) => {
    if (state.alertSound !== previous.alertSound) writeAlertSoundSetting(storage, state.alertSound);
  });
}

export function readAlertSoundSetting(storage: Pick<Storage, 'getItem'>): boolean {
  try {
    return storage.getItem(ALERT_SOUND_KEY) !== 'off';
  } catch {
    return true;
  }
}

export function writeAlertSoundSetting(storage: Pick<Storage, 'setItem' | 'removeItem'>, on: boolean): void {
  try {
    if (on) storage.removeItem(ALERT_SOUND_KEY);
    else storage.setItem(ALERT_SOUND_KEY, 'off');
  } catch {
    // Storage refused (privacy mode): the setting lasts for this visit.
  }
}

let context: AudioContext | null = null;

/**
 * Plays the beep. Browsers start audio only after the user has interacted with the page; before
 * that the context stays suspended and the beep is silently skipped (the notice still shows).
 */
export function playAlertBeep(): void {
  if (typeof AudioContext === 'undefined') return;
  try {
    context ??= new AudioContext();
    if (context.state === 'suspended') void context.resume();
    const start = context.currentTime;
    for (const [offset, frequency] of [
      [0, 880],
      [0.18, 1175],
    ] as const) {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.type = 'sine';
      oscillator.frequency.value = frequency;
      // A short envelope: no click at the start or the end.
      gain.gain.setValueAtTime(0.0001, start + offset);
      gain.gain.exponentialRampToValueAtTime(0.2, start + offset + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + offset + 0.15);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(start + offset);
      oscillator.stop(start + offset + 0.16);
    }
  } catch {
    // No audio output: the notice is enough.
  }
}
