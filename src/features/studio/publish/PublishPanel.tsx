import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { INTERFACE_LANGUAGES } from '../../../protocol/constants.ts';
import { languageName } from '../../../protocol/languageName.ts';
import type { StudioTour } from '../../../protocol/studio.ts';
import { HIDE_SWITCHES, type HideSwitch, type ViewerQueryOptions } from '../../../protocol/viewerQuery.ts';
import { labelKey } from '../markers/kindFields.ts';
import { embedSnippet, shareLink } from './embedSnippet.ts';
import { EmbedSites } from './EmbedSites.tsx';
import './publishPanel.css';

export interface PublishPanelProps {
  buildingId: string;
  tour: StudioTour;
  /** The tour after a change saved here (the sites that may embed it). */
  onSaved: (tour: StudioTour) => void;
}

type OtherSwitch = 'shareHidden' | 'autopilot' | 'autorotateOff' | 'panoramaListOff' | 'tagsOnly' | 'disableBackground' | 'onlyForVRmaker';
const OTHER_SWITCHES: Array<{ key: OtherSwitch; param: string }> = [
  { key: 'shareHidden', param: 'share=hidden' },
  { key: 'autopilot', param: 'autopilot=true' },
  { key: 'autorotateOff', param: 'autorotate=false' },
  { key: 'panoramaListOff', param: 'panobar=false' },
  { key: 'tagsOnly', param: 'tags=false' },
  { key: 'disableBackground', param: 'disableBackground=true' },
  { key: 'onlyForVRmaker', param: 'onlyForVRmaker=true' },
];

function CopyButton({ text, testId }: { text: string; testId: string }) {
  const { t } = useTranslation('studioMarkers');
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  return (
    <button type="button" data-testid={testId} data-copied={state === 'copied'} onClick={async () => {
      try {
        await navigator.clipboard.writeText(text);
        setState('copied');
      } catch {
        // Clipboard access can be refused (no permission, insecure origin): the text stays selectable.
        setState('failed');
      }
    }}>
      {state === 'copied' ? t('publish.copied') : state === 'failed' ? t('publish.copy-failed') : t('publish.copy')}
    </button>
  );
}

/** Preview and publish: see the tour as visitors will, copy its link and an embed snippet. */
export function PublishPanel({ buildingId, tour, onSaved }: PublishPanelProps) {
  const { t, i18n } = useTranslation('studioMarkers');
  const origin = typeof location === 'undefined' ? '' : location.origin;
  const [hide, setHide] = useState<Partial<Record<HideSwitch, boolean>>>({});
  const [other, setOther] = useState<Partial<Record<OtherSwitch, boolean>>>({});
  const [locale, setLocale] = useState('');
  const [width, setWidth] = useState('100%');
  const [height, setHeight] = useState('480');
  const [preview, setPreview] = useState(false);
  const options: ViewerQueryOptions = useMemo(() => ({ hide, ...other, locale: locale || null }), [hide, other, locale]);
  const link = shareLink(origin, buildingId);
  const snippet = embedSnippet({ origin, buildingId, options, width, height, title: tour.name });
  const previewUrl = shareLink(origin, buildingId, options);
  const unpublished = tour.hidden || tour.isOffline || tour.unavailable || tour.removedAt !== null;

  return (
    <section className="studio-publish" data-testid="studio-publish" aria-label={t('publish.title')}>
      <h2>{t('publish.title')}</h2>
      {unpublished && <p className="studio-publish-warning" role="note">{t('publish.not-visible')}</p>}

      <div className="studio-publish-block">
        <h3>{t('publish.preview')}</h3>
        <div className="studio-publish-row">
          <a className="studio-button studio-primary" href={link} target="_blank" rel="noopener" data-testid="studio-preview-link">{t('publish.open-as-visitor')}</a>
          <button type="button" onClick={() => setPreview((p) => !p)} aria-expanded={preview} data-testid="studio-preview-toggle">
            {preview ? t('publish.hide-preview') : t('publish.show-preview')}
          </button>
        </div>
        {preview && <iframe className="studio-publish-frame" src={previewUrl} title={t('publish.preview-frame', { name: tour.name })} allow="xr-spatial-tracking; fullscreen; gyroscope; accelerometer" data-testid="studio-preview-frame" />}
      </div>

      <div className="studio-publish-block">
        <h3><label htmlFor="studio-share-link">{t('publish.share-link')}</label></h3>
        <div className="studio-publish-row">
          <input id="studio-share-link" type="text" readOnly value={link} onFocus={(e) => e.target.select()} data-testid="studio-share-link" />
          <CopyButton text={link} testId="studio-copy-link" />
        </div>
      </div>

      <div className="studio-publish-block">
        <h3>{t('publish.embed')}</h3>
        <fieldset className="studio-publish-switches">
          <legend>{t('publish.switches')}</legend>
          {HIDE_SWITCHES.map((name) => (
            <label key={name} className="smk-check">
              <input type="checkbox" checked={hide[name] ?? false} onChange={(e) => setHide((h) => ({ ...h, [name]: e.target.checked }))} data-testid={`studio-embed-${name}`} />
              <span>{t(labelKey('switch', name))}</span> <code>{name}</code>
            </label>
          ))}
          {OTHER_SWITCHES.map(({ key, param }) => (
            <label key={key} className="smk-check">
              <input type="checkbox" checked={other[key] ?? false} onChange={(e) => setOther((o) => ({ ...o, [key]: e.target.checked }))} data-testid={`studio-embed-${key}`} />
              <span>{t(labelKey('switch', key))}</span> <code>{param}</code>
            </label>
          ))}
        </fieldset>
        <div className="studio-publish-row">
          <label>{t('publish.locale')}
            <select value={locale} onChange={(e) => setLocale(e.target.value)} data-testid="studio-embed-locale">
              <option value="">{t('publish.locale-visitor')}</option>
              {INTERFACE_LANGUAGES.map((l) => <option key={l} value={l}>{languageName(l, i18n.language)}</option>)}
            </select>
          </label>
          <label>{t('publish.width')}
            <input type="text" value={width} onChange={(e) => setWidth(e.target.value)} size={6} data-testid="studio-embed-width" />
          </label>
          <label>{t('publish.height')}
            <input type="text" value={height} onChange={(e) => setHeight(e.target.value)} size={6} data-testid="studio-embed-height" />
          </label>
        </div>
        <label htmlFor="studio-embed-code" className="studio-publish-code-label">{t('publish.snippet')}</label>
        <textarea id="studio-embed-code" readOnly value={snippet} rows={4} onFocus={(e) => e.target.select()} data-testid="studio-embed-code" />
        <CopyButton text={snippet} testId="studio-copy-embed" />
      </div>

      <EmbedSites tour={tour} onSaved={onSaved} />
    </section>
  );
}
export default PublishPanel;
