import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { INTERFACE_LANGUAGES } from '../../protocol/constants.ts';
import { accountPageHref } from '../account/nextPath.ts';
import { formatClock } from './model/playerMachine.ts';
import { hasUnsentTake, inWarning, remainingMs } from './model/recorderMachine.ts';
import type { TakeRecorder } from './useTakeRecorder.ts';
import { languageName } from '../../protocol/languageName.ts';

interface Props {
  recorder: TakeRecorder;
  defaults: { title: string; language: string };
  /** The recording just uploaded, offered for publishing. */
  made: { published: boolean } | null;
  onPublishMade: () => void;
}


/** The pilot's record control: start, stop, the take's title and language, upload, retry, and what went wrong. */
export function RecorderCard({ recorder, defaults, made, onPublishMade }: Props) {
  const { t, i18n } = useTranslation('pilot');
  const { state } = recorder;
  const [title, setTitle] = useState(recorder.take?.title ?? defaults.title);
  const [language, setLanguage] = useState(recorder.take?.language ?? defaults.language);
  const restoredTitle = recorder.take?.title;
  const restoredLanguage = recorder.take?.language;
  useEffect(() => {
    if (restoredTitle) setTitle(restoredTitle);
    if (restoredLanguage) setLanguage(restoredLanguage);
  }, [restoredTitle, restoredLanguage]);
  const limit = formatClock(state.limitMs);
  const problem = state.problem && (state.problem === 'refused' ? t('error.refused', { detail: state.detail ?? '' }) : t(`error.${state.problem}`));
  const unsent = hasUnsentTake(state);

  return (
    <section className="atrium-pilot__recorder" data-testid="pilot-recorder" data-phase={state.phase} data-problem={state.problem ?? ''}>
      {(state.phase === 'idle' || (state.phase === 'failed' && !unsent) || state.phase === 'complete') && (
        <>
          {state.phase === 'complete' && (
            <p className="atrium-pilot__ok" role="status">
              {made?.published ? t('record.published') : t('record.complete')}{' '}
              {!made?.published && <button type="button" className="is-primary" data-testid="pilot-publish-new" onClick={onPublishMade}>{t('list.publish')}</button>}
            </p>
          )}
          {state.phase !== 'complete' && <p className="atrium-pilot__hint">{t('record.hint', { limit })}</p>}
          <button type="button" className="is-primary" data-testid="pilot-record" onClick={recorder.start}>
            <span className="atrium-pilot__dot" aria-hidden="true" /> {state.phase === 'complete' ? t('record.again') : t('record.start')}
          </button>
        </>
      )}
      {state.phase === 'starting' && <p role="status">{t('record.starting')}</p>}
      {state.phase === 'recording' && (
        <>
          <p role="status" className="atrium-pilot__live" data-testid="pilot-recording-clock">
            <span className="atrium-pilot__dot is-live" aria-hidden="true" /> {t('record.recording', { time: formatClock(state.elapsedMs), limit })}
          </p>
          {inWarning(state) && <p className="atrium-pilot__warning" role="alert" data-testid="pilot-warning">{t('record.warning', { time: formatClock(remainingMs(state)) })}</p>}
          <button type="button" className="is-danger" data-testid="pilot-stop" onClick={recorder.stop}>{t('record.stop')}</button>
        </>
      )}
      {(state.phase === 'stopped' || state.phase === 'uploading' || (state.phase === 'failed' && unsent)) && (
        <form onSubmit={(e) => { e.preventDefault(); recorder.upload({ title: title.trim() || defaults.title, language }); }}>
          {state.autoStopped && <p className="atrium-pilot__warning" data-testid="pilot-auto-stopped">{t('record.auto-stopped', { limit })}</p>}
          <p>{t('record.length', { time: formatClock(state.elapsedMs) })}</p>
          <label>
            {t('record.title')}
            <input value={title} maxLength={120} required data-testid="pilot-title" onChange={(e) => setTitle(e.target.value)} disabled={state.phase === 'uploading'} />
          </label>
          <label>
            {t('record.language')}
            <select value={language} data-testid="pilot-language" onChange={(e) => setLanguage(e.target.value)} disabled={state.phase === 'uploading'}>
              {INTERFACE_LANGUAGES.map((code) => <option key={code} value={code}>{languageName(code, i18n.language)}</option>)}
            </select>
          </label>
          <p className="atrium-pilot__note">{t('record.cover')}</p>
          {problem && (
            <p className="atrium-pilot__error" role="alert" data-testid="pilot-error">
              {problem}{' '}
              {state.problem === 'relogin' && <a href={accountPageHref('login', location.pathname + location.search, null)}>{t('error.relogin-link')}</a>}
            </p>
          )}
          <p className="atrium-pilot__note">{t('record.kept')}</p>
          <div className="atrium-pilot__actions">
            <button type="button" data-testid="pilot-discard" onClick={recorder.discard} disabled={state.phase === 'uploading'}>{t('record.discard')}</button>
            <button type="submit" className="is-primary" data-testid={state.phase === 'failed' ? 'pilot-retry' : 'pilot-upload'} disabled={state.phase === 'uploading'}>
              {state.phase === 'uploading' ? t('record.uploading') : state.phase === 'failed' ? t('record.retry') : t('record.upload')}
            </button>
          </div>
        </form>
      )}
      {state.phase === 'failed' && !unsent && problem && <p className="atrium-pilot__error" role="alert" data-testid="pilot-error">{problem}</p>}
    </section>
  );
}
