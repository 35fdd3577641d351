import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { OWNER_SETTING_KEYS, type OwnerSettingKey } from '../../../protocol/ownerSettings.ts';
import { useFailureMessage } from '../useFailureMessage.ts';
import { useOwnerSettings, type SwitchState } from './useOwnerSettings.ts';

/** Catalog keys of each switch's label and hint. */
const TEXTS = {
  analytics: ['owner-settings.analytics', 'owner-settings.analytics-hint'],
  themePicker: ['owner-settings.theme-picker', 'owner-settings.theme-picker-hint'],
  showPromotionHeader: ['owner-settings.promotion', 'owner-settings.promotion-hint'],
  useAutopilot: ['owner-settings.autopilot', 'owner-settings.autopilot-hint'],
} as const satisfies Record<OwnerSettingKey, readonly [string, string]>;

/**
 * /studio/settings: the owner settings of spec section 6, four switches that apply to every tour the owner owns.
 * Each is a native button with role="switch" (Space and Enter toggle it) and is saved when it changes.
 */
export function OwnerSettingsPage({ userId, navigate }: { userId: string; navigate: (path: string) => void }) {
  const { t } = useTranslation('studio');
  const failure = useFailureMessage();
  const { settings, loadError, states, toggle } = useOwnerSettings(userId, failure);
  useEffect(() => {
    document.title = `${t('owner-settings.title')} · ${t('page.title')}`;
  }, [t]);

  return (
    <div className="studio-stack" data-testid="studio-owner-settings">
      <a href="/studio" onClick={(e) => { e.preventDefault(); navigate('/studio'); }}>← {t('owner-settings.back')}</a>
      <h1>{t('owner-settings.title')}</h1>
      <p className="studio-muted">{t('owner-settings.intro')}</p>
      {loadError ? <p className="studio-error" role="alert" data-testid="owner-settings-load-error">{loadError}</p> : null}
      {!settings && !loadError ? <p className="studio-muted" role="status">{t('page.loading')}</p> : null}
      {settings ? (
        <ul className="studio-card studio-switch-list">
          {OWNER_SETTING_KEYS.map((key) => (
            <li key={key} className="studio-switch-row">
              <div className="studio-grow">
                <span className="studio-switch-label" id={`owner-setting-${key}-label`}>{t(TEXTS[key][0])}</span>
                <span className="studio-detail" id={`owner-setting-${key}-hint`}>{t(TEXTS[key][1])}</span>
                <SwitchStatus state={states[key]} />
              </div>
              <button
                type="button"
                role="switch"
                className="studio-switch"
                aria-checked={settings[key]}
                aria-labelledby={`owner-setting-${key}-label`}
                aria-describedby={`owner-setting-${key}-hint`}
                aria-busy={states[key]?.kind === 'saving'}
                data-testid={`owner-setting-${key}`}
                onClick={() => toggle(key)}
              >
                <span className="studio-switch-thumb" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function SwitchStatus({ state }: { state: SwitchState | undefined }) {
  const { t } = useTranslation('studio');
  // Always in the page, so screen readers hear each change of the live region.
  if (state?.kind === 'failed') return <span className="studio-field-error studio-switch-status" role="alert">{state.message}</span>;
  return (
    <span className="studio-detail studio-switch-status" role="status">
      {state?.kind === 'saving' ? t('settings.saving') : state?.kind === 'saved' ? <span className="studio-ok">{t('owner-settings.saved')}</span> : null}
    </span>
  );
}
