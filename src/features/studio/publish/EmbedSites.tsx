import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StudioTour } from '../../../protocol/studio.ts';
import { updateTour } from '../api/studioApi.ts';
import { useFailureMessage } from '../useFailureMessage.ts';
import { readEmbedSites, type EmbedMode, type EmbedSitesProblem } from './embedSitesDraft.ts';

export interface EmbedSitesProps {
  tour: StudioTour;
  onSaved: (tour: StudioTour) => void;
}

/** Which sites may show the tour in a frame: any, or only the listed ones (the server sends frame-ancestors). */
export function EmbedSites({ tour, onSaved }: EmbedSitesProps) {
  const { t } = useTranslation('studioMarkers');
  const failure = useFailureMessage();
  const [mode, setMode] = useState<EmbedMode>(tour.embedSites.length > 0 ? 'listed' : 'anywhere');
  const [text, setText] = useState(tour.embedSites.join('\n'));
  const [state, setState] = useState<{ kind: 'idle' | 'saving' | 'saved' } | { kind: 'error'; message: string }>({ kind: 'idle' });

  const problemText = (problem: EmbedSitesProblem) => (problem.kind === 'invalid' ? t('publish.embed-invalid', { site: problem.site })
    : problem.kind === 'too-many' ? t('publish.embed-too-many', { n: problem.limit }) : t('publish.embed-empty'));

  const save = async () => {
    const read = readEmbedSites(mode, text);
    if ('problem' in read) return setState({ kind: 'error', message: problemText(read.problem) });
    setState({ kind: 'saving' });
    try {
      const saved = await updateTour(tour.objectId, { embedSites: read.sites });
      setText(saved.embedSites.join('\n'));
      onSaved(saved);
      setState({ kind: 'saved' });
    } catch (error) {
      setState({ kind: 'error', message: failure(error) });
    }
  };
  const edited = () => setState((s) => (s.kind === 'saving' ? s : { kind: 'idle' }));

  return (
    <fieldset className="studio-publish-block studio-embed-sites" data-testid="studio-embed-sites">
      <legend>{t('publish.embed-sites')}</legend>
      <label className="smk-check">
        <input type="radio" name="embed-mode" checked={mode === 'anywhere'} onChange={() => { setMode('anywhere'); edited(); }} data-testid="studio-embed-anywhere" />
        <span>{t('publish.embed-anywhere')}</span>
      </label>
      <label className="smk-check">
        <input type="radio" name="embed-mode" checked={mode === 'listed'} onChange={() => { setMode('listed'); edited(); }} data-testid="studio-embed-listed" />
        <span>{t('publish.embed-listed')}</span>
      </label>
      {mode === 'listed' && (
        <>
          <label htmlFor="studio-embed-site-list" className="studio-publish-code-label">{t('publish.embed-list-label')}</label>
          <textarea id="studio-embed-site-list" dir="ltr" rows={4} value={text} spellCheck={false} aria-invalid={state.kind === 'error'}
            aria-describedby="studio-embed-sites-hint" onChange={(e) => { setText(e.target.value); edited(); }} data-testid="studio-embed-site-list" />
          <p id="studio-embed-sites-hint" className="studio-muted">{t('publish.embed-hint')}</p>
        </>
      )}
      <div className="studio-publish-row">
        <button type="button" onClick={() => void save()} disabled={state.kind === 'saving'} data-testid="studio-embed-save">{t('publish.embed-save')}</button>
        <span role="status" data-testid="studio-embed-status">{state.kind === 'saved' ? t('publish.embed-saved') : ''}</span>
      </div>
      {state.kind === 'error' && <p className="studio-error" role="alert" data-testid="studio-embed-error">{state.message}</p>}
    </fieldset>
  );
}
