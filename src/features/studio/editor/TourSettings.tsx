import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { HttpError } from '../../../api/httpClient.ts';
import { THEME_COLORS } from '../../../protocol/constants.ts';
import { STUDIO_LIMITS, type StudioTour, type TourFlag } from '../../../protocol/studio.ts';
import { clearTourImage, updateTour, uploadTourImage } from '../api/studioApi.ts';
import { fieldOf, humanMessage } from '../model/studioModel.ts';
import { ImageField } from '../parts/ImageField.tsx';
import { MultiTextEditor } from '../parts/MultiTextEditor.tsx';
import { WhiteListEditor } from '../parts/WhiteListEditor.tsx';
import { useFailureMessage } from '../useFailureMessage.ts';
import { draftOf, draftProblems, patchOf, type SettingsDraft } from './settingsDraft.ts';

/** flag names as catalog keys: showComment -> show-comment. */
const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

const THEME_SWATCH: Record<StudioTour['themeColor'], string> = {
  default: '#ec0974', red: '#d7263d', black: '#222222', blue: '#1f6fd1', green: '#2e9d5b', orange: '#f08a24', yellow: '#e8c21c',
};
const VIEWER_FLAGS: TourFlag[] = ['showComment', 'showContactInfo', 'showPoweredBy', 'tourRingBtn', 'myFavoriteEnable', 'instantMessagingEnable', 'homeButtonEnable', 'markerFinderEnable', 'introAssetsEnable'];
const AVAILABILITY_FLAGS: TourFlag[] = ['hidden', 'isOffline', 'unavailable'];

/** The tour's description, look, music, map, access and switches. Saved together; only changed fields are sent. */
export function TourSettings({ tour, onSaved }: { tour: StudioTour; onSaved: (tour: StudioTour) => void }) {
  const { t } = useTranslation('studio');
  const failure = useFailureMessage();
  const [draft, setDraft] = useState<SettingsDraft>(() => draftOf(tour));
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [status, setStatus] = useState<{ kind: 'saved' | 'error'; text: string } | null>(null);
  const [saving, setSaving] = useState(false);

  const set = <K extends keyof SettingsDraft>(key: K, value: SettingsDraft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setStatus(null);
    const field = key === 'latitude' ? 'geoLatitude' : key === 'longitude' ? 'geoLongitude' : key;
    setErrors((e) => ({ ...e, [field]: undefined }));
  };
  const changes = patchOf(tour, draft);
  const dirty = Object.keys(changes).length > 0;

  const save = async (e: FormEvent) => {
    e.preventDefault();
    const problems = draftProblems(draft);
    if (Object.keys(problems).length > 0) {
      setErrors(Object.fromEntries(Object.entries(problems).map(([k, v]) => [k, t(v as 'problem.name-required')])));
      setStatus({ kind: 'error', text: t('settings.fix-fields') });
      return;
    }
    setSaving(true);
    try {
      const saved = await updateTour(tour.objectId, changes);
      onSaved(saved);
      setDraft(draftOf(saved));
      setStatus({ kind: 'saved', text: t('settings.saved') });
    } catch (err) {
      // What the owner typed stays in the form: a refused save loses nothing.
      const field = err instanceof HttpError ? fieldOf(err.body?.field) : null;
      if (field) setErrors({ [field]: humanMessage(err instanceof HttpError ? err.body?.message : '') });
      setStatus({ kind: 'error', text: failure(err) });
    } finally {
      setSaving(false);
    }
  };

  const fieldError = (name: string) => (errors[name] ? <span id={`studio-err-${name}`} className="studio-field-error">{errors[name]}</span> : null);
  const invalid = (name: string) => (errors[name] ? { 'aria-invalid': true, 'aria-describedby': `studio-err-${name}` } : {});
  const flag = (name: TourFlag) => (
    <label key={name} className="studio-check">
      <input type="checkbox" checked={draft[name]} onChange={(e) => set(name, e.target.checked)} data-testid={`studio-flag-${name}`} />
      <span>{t(`flag.${kebab(name)}` as 'flag.show-comment')}</span>
    </label>
  );
  const image = async (action: () => Promise<StudioTour>) => {
    try {
      onSaved(await action());
    } catch (err) {
      setStatus({ kind: 'error', text: failure(err) });
    }
  };

  return (
    <form className="studio-stack" onSubmit={(e) => void save(e)} noValidate data-testid="studio-settings">
      <Section title={t('settings.about')}>
        <label className="studio-field">
          <span>{t('settings.name')}</span>
          <input value={draft.name} maxLength={STUDIO_LIMITS.nameLength} onChange={(e) => set('name', e.target.value)} data-testid="studio-settings-name" {...invalid('name')} />
          {fieldError('name')}
        </label>
        <MultiTextEditor label={t('settings.name-multi')} value={draft.nameMulti} onChange={(v) => set('nameMulti', v)} testId="studio-name-multi" />
        {fieldError('nameMulti')}
        <label className="studio-field">
          <span>{t('settings.description')}</span>
          <textarea rows={4} value={draft.description} maxLength={STUDIO_LIMITS.descriptionLength} onChange={(e) => set('description', e.target.value)} {...invalid('description')} />
          {fieldError('description')}
        </label>
        <MultiTextEditor label={t('settings.description-multi')} value={draft.descriptionMulti} onChange={(v) => set('descriptionMulti', v)} multiline />
        {fieldError('descriptionMulti')}
      </Section>

      <Section title={t('settings.look')}>
        <fieldset className="studio-fieldset">
          <legend>{t('settings.theme')}</legend>
          <div className="studio-row studio-wrap">
            {THEME_COLORS.map((c) => (
              <label key={c} className="studio-swatch">
                <input type="radio" name="themeColor" value={c} checked={draft.themeColor === c} onChange={() => set('themeColor', c)} />
                <span className="studio-swatch-color" style={{ background: THEME_SWATCH[c] }} aria-hidden="true" />
                <span>{t(`theme.${c}`)}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <ImageField label={t('settings.logo')} url={tour.logoUrl} testId="studio-logo"
          onUpload={(f) => image(() => uploadTourImage(tour.objectId, 'logo', f))} onClear={() => image(() => clearTourImage(tour.objectId, 'logo'))} />
      </Section>

      <Section title={t('settings.music')}>
        <div className="studio-row studio-wrap">
          <label className="studio-check"><input type="radio" name="music" checked={!draft.musicOn} onChange={() => set('musicOn', false)} /><span>{t('settings.music-none')}</span></label>
          <label className="studio-check"><input type="radio" name="music" checked={draft.musicOn} onChange={() => set('musicOn', true)} /><span>{t('settings.music-url')}</span></label>
        </div>
        {draft.musicOn ? (
          <label className="studio-field">
            <span>{t('settings.music-address')}</span>
            <input type="url" inputMode="url" placeholder="https://" value={draft.music} onChange={(e) => set('music', e.target.value)} {...invalid('music')} />
            {fieldError('music')}
          </label>
        ) : null}
        <label className="studio-field">
          <span>{t('settings.volume', { percent: draft.musicVolume })}</span>
          <input type="range" min={0} max={100} step={1} value={draft.musicVolume} onChange={(e) => set('musicVolume', Number(e.target.value))} />
        </label>
      </Section>

      <Section title={t('settings.location')}>
        <div className="studio-row studio-wrap">
          <label className="studio-field">
            <span>{t('settings.latitude')}</span>
            <input inputMode="decimal" value={draft.latitude} onChange={(e) => set('latitude', e.target.value)} placeholder="47.5021" data-testid="studio-latitude" {...invalid('geoLatitude')} />
            {fieldError('geoLatitude')}
          </label>
          <label className="studio-field">
            <span>{t('settings.longitude')}</span>
            <input inputMode="decimal" value={draft.longitude} onChange={(e) => set('longitude', e.target.value)} placeholder="19.0348" data-testid="studio-longitude" {...invalid('geoLongitude')} />
            {fieldError('geoLongitude')}
          </label>
        </div>
        {flag('mapEnable')}
        {fieldError('mapEnable')}
        <ImageField label={t('settings.floorplan')} url={tour.floorplan} testId="studio-floorplan"
          onUpload={(f) => image(() => uploadTourImage(tour.objectId, 'floorplan', f))} onClear={() => image(() => clearTourImage(tour.objectId, 'floorplan'))} />
      </Section>

      <Section title={t('settings.access')}>
        {flag('requireVisitorData')}
        {flag('requireWhiteListing')}
        {draft.requireWhiteListing ? <WhiteListEditor value={draft.whiteList} onChange={(v) => set('whiteList', v)} /> : null}
        {fieldError('whiteList')}
        <p className="studio-muted">{t('settings.availability-hint')}</p>
        {AVAILABILITY_FLAGS.map(flag)}
      </Section>

      <Section title={t('settings.viewer')}>
        <div className="studio-flag-grid">{VIEWER_FLAGS.map(flag)}</div>
      </Section>

      <div className="studio-savebar">
        <button type="submit" className="studio-button studio-primary" disabled={saving || !dirty} data-testid="studio-save-settings">{saving ? t('settings.saving') : t('settings.save')}</button>
        {status ? <span className={status.kind === 'error' ? 'studio-error' : 'studio-ok'} role={status.kind === 'error' ? 'alert' : 'status'}>{status.text}</span> : null}
        {dirty && !status ? <span className="studio-muted">{t('settings.unsaved')}</span> : null}
      </div>
    </form>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="studio-card studio-stack">
      <h2>{title}</h2>
      {children}
    </section>
  );
}
