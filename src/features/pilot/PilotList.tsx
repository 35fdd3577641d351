import { useTranslation } from 'react-i18next';
import type { Recording } from '../../protocol/pilot.ts';
import type { Tour } from '../../protocol/tour.ts';
import { formatClock } from './model/playerMachine.ts';
import { languageName } from '../../protocol/languageName.ts';

interface Props {
  tour: Tour;
  recordings: readonly Recording[];
  playingId: string | null;
  onChoose: (recording: Recording) => void;
  onPublish: (recording: Recording, published: boolean) => void;
  onDelete: (recording: Recording) => void;
}


/** The tour's guided tours: cover (the view where the walk begins), title, guide, length, language. */
export function PilotList({ tour, recordings, playingId, onChoose, onPublish, onDelete }: Props) {
  const { t, i18n } = useTranslation('pilot');
  if (recordings.length === 0) return <p className="atrium-pilot__empty">{t('list.empty')}</p>;
  return (
    <ul className="atrium-pilot__list" data-testid="pilot-list">
      {recordings.map((r) => {
        const cover = tour.panoramas.find((p) => p.objectId === r.cover.panoramaId)?.thumbnail;
        return (
          <li key={r.objectId} className="atrium-pilot__item" data-testid="pilot-item" data-recording-id={r.objectId} data-published={r.published}>
            <button type="button" className="atrium-pilot__choose" aria-current={playingId === r.objectId} data-testid="pilot-play-item" onClick={() => onChoose(r)}>
              {cover ? <img src={cover} alt="" width={96} height={54} /> : <span className="atrium-pilot__nocover" />}
              <span className="atrium-pilot__meta">
                <strong>{r.title}</strong>
                <span>{t('player.by', { name: r.pilotName })}</span>
                <span><bdi>{formatClock(r.durationMs)}</bdi> · {languageName(r.language, i18n.language)}{r.published ? '' : ` · ${t('list.unpublished')}`}</span>
              </span>
            </button>
            {r.canManage && (
              <span className="atrium-pilot__manage">
                <button type="button" data-testid="pilot-publish" onClick={() => onPublish(r, !r.published)}>{r.published ? t('list.unpublish') : t('list.publish')}</button>
                <button type="button" data-testid="pilot-delete" onClick={() => onDelete(r)}>{t('list.delete')}</button>
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
