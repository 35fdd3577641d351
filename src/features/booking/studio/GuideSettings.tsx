import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { INTERFACE_LANGUAGES } from '../../../protocol/constants.ts';
import type { BookingSettings, GuideInput, StudioGuide } from '../../../protocol/guides.ts';
import { languageName } from '../../../protocol/languageName.ts';
import type { StudioTour } from '../../../protocol/studio.ts';
import { useFailureMessage } from '../../studio/useFailureMessage.ts';
import { bookingApi } from '../bookingApi.ts';
import { BookingsList } from './BookingsList.tsx';

type Draft = GuideInput & { status?: StudioGuide['status'] };

/** Every IANA zone the browser knows (Intl.supportedValuesOf), the guide's own first. */
function timeZones(current: string): string[] {
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return all.includes(current) ? all : [current, ...all];
}

/** Weekday names in the interface language, 0 = Sunday (2026-03-01 was a Sunday). */
function weekdayNames(lang: string): string[] {
  const f = new Intl.DateTimeFormat(lang, { weekday: 'long', timeZone: 'UTC' });
  return Array.from({ length: 7 }, (_, i) => f.format(new Date(Date.UTC(2026, 2, 1 + i))));
}

/**
 * The studio's Guides tab: who takes tour-ring calls and booked times (named by email), their languages, time zone
 * and weekly hours; the tour's slot length, ring time-out and tour-ring button; then the bookings and call-backs.
 */
export function GuideSettings({ tour }: { tour: StudioTour }) {
  const { t, i18n } = useTranslation('booking');
  const failure = useFailureMessage();
  const id = tour.objectId;
  const uid = useId();
  const [guides, setGuides] = useState<Draft[] | null>(null);
  const [settings, setSettings] = useState<BookingSettings | null>(null);
  const [email, setEmail] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const [links, setLinks] = useState<{ email: string; url: string }[]>([]);
  const days = useMemo(() => weekdayNames(i18n.language), [i18n.language]);
  const ownZone = useMemo(() => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC', []);

  useEffect(() => {
    bookingApi.guides(id).then((r) => {
      setGuides(r.guides);
      setSettings(r.settings);
    }, (e: unknown) => setNotice(failure(e)));
  }, [id, failure]);

  const change = (index: number, patch: Partial<Draft>) => setGuides((list) => list!.map((g, i) => (i === index ? { ...g, ...patch } : g)));
  const add = () => {
    const trimmed = email.trim().toLowerCase();
    if (!trimmed || guides!.some((g) => g.email === trimmed)) return;
    setGuides([...guides!, { email: trimmed, languages: [i18n.language in languageSet ? i18n.language as GuideInput['languages'][number] : 'en'], timeZone: ownZone, workingHours: [{ weekday: 1, start: '09:00', end: '17:00' }] }]);
    setEmail('');
  };
  const save = async () => {
    setNotice(null);
    try {
      const saved = await bookingApi.saveGuides(id, {
        guides: guides!.map(({ email: e, languages, timeZone, workingHours }) => ({ email: e, languages, timeZone, workingHours })),
        settings: settings!,
      });
      setGuides(saved.guides);
      setSettings(saved.settings);
      setLinks(saved.inviteLinks);
      setNotice(t('studio.guides-saved'));
    } catch (e) {
      setNotice(t('studio.guides-error', { message: failure(e) }));
    }
  };

  if (!guides || !settings) return <p className="studio-muted" role="status">{notice ?? '…'}</p>;
  return (
    <div className="studio-stack" data-testid="guide-settings">
      <div className="studio-card studio-stack">
        <h2>{t('studio.guides-title')}</h2>
        <p className="studio-muted">{t('studio.guides-intro')}</p>
        <ul className="studio-stack atrium-guides">
          {guides.map((g, index) => (
            <li key={g.email} className="studio-card studio-stack" data-testid="guide-row">
              <div className="studio-row studio-between">
                <strong>{g.email}</strong>
                <span className="studio-row">
                  <span className="studio-muted">{t(g.status === 'active' ? 'studio.guide-active' : 'studio.guide-invited')}</span>
                  <button type="button" className="studio-button" onClick={() => setGuides(guides.filter((_, i) => i !== index))}>{t('studio.guide-remove', { email: g.email })}</button>
                </span>
              </div>
              <label className="studio-stack">
                {t('studio.guide-languages')}
                <select multiple size={4} value={g.languages} data-testid="guide-languages"
                  onChange={(e) => change(index, { languages: [...e.target.selectedOptions].map((o) => o.value) as GuideInput['languages'] })}>
                  {INTERFACE_LANGUAGES.map((l) => <option key={l} value={l}>{languageName(l, i18n.language)}</option>)}
                </select>
              </label>
              <label className="studio-stack">
                {t('studio.guide-time-zone')}
                <select value={g.timeZone} onChange={(e) => change(index, { timeZone: e.target.value })} data-testid="guide-time-zone">
                  {timeZones(g.timeZone).map((z) => <option key={z} value={z}>{z}</option>)}
                </select>
              </label>
              <fieldset className="studio-stack">
                <legend>{t('studio.guide-hours')}</legend>
                {g.workingHours.map((h, hi) => {
                  const set = (patch: Partial<typeof h>) => change(index, { workingHours: g.workingHours.map((x, j) => (j === hi ? { ...x, ...patch } : x)) });
                  return (
                    <div key={hi} className="studio-row" data-testid="guide-hours">
                      <select aria-label={t('studio.guide-day')} value={h.weekday} onChange={(e) => set({ weekday: Number(e.target.value) })}>
                        {days.map((d, wd) => <option key={wd} value={wd}>{d}</option>)}
                      </select>
                      <input type="time" aria-label={t('studio.guide-from')} value={h.start} onChange={(e) => set({ start: e.target.value })} />
                      {/* A time field cannot show 24:00: the end of the day is shown and read as 00:00. */}
                      <input type="time" aria-label={t('studio.guide-until')} value={h.end === '24:00' ? '00:00' : h.end} onChange={(e) => set({ end: e.target.value === '00:00' ? '24:00' : e.target.value })} />
                      <button type="button" className="studio-button" onClick={() => change(index, { workingHours: g.workingHours.filter((_, j) => j !== hi) })}>{t('studio.guide-hours-remove')}</button>
                    </div>
                  );
                })}
                <button type="button" className="studio-button" onClick={() => change(index, { workingHours: [...g.workingHours, { weekday: 1, start: '09:00', end: '17:00' }] })}>{t('studio.guide-hours-add')}</button>
              </fieldset>
            </li>
          ))}
        </ul>
        <form className="studio-row" onSubmit={(e) => { e.preventDefault(); add(); }}>
          <label htmlFor={`${uid}-email`}>{t('studio.guide-email')}</label>
          <input id={`${uid}-email`} type="email" value={email} onChange={(e) => setEmail(e.target.value)} data-testid="guide-email" />
          <button type="submit" className="studio-button" data-testid="guide-add">{t('studio.guide-add')}</button>
        </form>
        <div className="studio-row">
          <label>{t('studio.slot-minutes')}{' '}
            <input type="number" min={10} max={240} step={5} value={settings.slotMinutes} onChange={(e) => setSettings({ ...settings, slotMinutes: Number(e.target.value) })} data-testid="guide-slot-minutes" />
          </label>
          <label>{t('studio.ring-timeout')}{' '}
            <input type="number" min={10} max={300} value={settings.ringTimeoutSeconds} onChange={(e) => setSettings({ ...settings, ringTimeoutSeconds: Number(e.target.value) })} />
          </label>
          <label>
            <input type="checkbox" checked={settings.tourRingBtn} onChange={(e) => setSettings({ ...settings, tourRingBtn: e.target.checked })} /> {t('studio.tour-ring-button')}
          </label>
        </div>
        <p className="studio-row">
          <button type="button" className="studio-button studio-primary" onClick={() => void save()} data-testid="guides-save">{t('studio.guides-save')}</button>
          {notice && <span role="status">{notice}</span>}
        </p>
        {links.map((l) => (
          <p key={l.email} className="studio-muted">{t('studio.guide-invite-link', { email: l.email })} <code>{l.url}</code></p>
        ))}
      </div>
      <BookingsList buildingId={id} />
    </div>
  );
}

const languageSet: Record<string, true> = Object.fromEntries(INTERFACE_LANGUAGES.map((l) => [l, true]));
