import { useCallback, useEffect, useState } from 'react';
import { ownerSettingsOf, updateOwnerSettings } from '../../../api/accounts.ts';
import type { OwnerSettingKey, OwnerSettings } from '../../../protocol/ownerSettings.ts';

/** Where one switch stands: saved as shown, being saved, just saved, or refused (with the sentence to show). */
export type SwitchState = { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved' } | { kind: 'failed'; message: string };

export interface OwnerSettingsState {
  settings: OwnerSettings | null;
  loadError: string | null;
  states: Partial<Record<OwnerSettingKey, SwitchState>>;
  toggle(key: OwnerSettingKey): void;
}

/**
 * The owner's switches, each saved on its own the moment it changes: shown at once, put back as it was when the
 * server refuses (the refusal is said beside that switch). `failure` turns an error into the owner's sentence.
 */
export function useOwnerSettings(userId: string, failure: (error: unknown) => string): OwnerSettingsState {
  const [settings, setSettings] = useState<OwnerSettings | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [states, setStates] = useState<Partial<Record<OwnerSettingKey, SwitchState>>>({});

  useEffect(() => {
    let live = true;
    setLoadError(null);
    ownerSettingsOf(userId).then((s) => live && setSettings(s), (e: unknown) => live && setLoadError(failure(e)));
    return () => {
      live = false;
    };
  }, [userId, failure]);

  const toggle = useCallback((key: OwnerSettingKey) => {
    if (!settings || states[key]?.kind === 'saving') return;
    const value = !settings[key];
    setSettings({ ...settings, [key]: value });
    setStates((s) => ({ ...s, [key]: { kind: 'saving' } }));
    updateOwnerSettings(userId, { [key]: value }).then(
      (saved) => {
        setSettings((current) => (current ? { ...current, [key]: saved[key] } : saved));
        setStates((s) => ({ ...s, [key]: { kind: 'saved' } }));
      },
      (e: unknown) => {
        setSettings((current) => (current ? { ...current, [key]: !value } : current));
        setStates((s) => ({ ...s, [key]: { kind: 'failed', message: failure(e) } }));
      },
    );
  }, [settings, states, userId, failure]);

  return { settings, loadError, states, toggle };
}
