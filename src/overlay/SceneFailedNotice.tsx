import { useTranslation } from 'react-i18next';
import type { SceneFailureKind } from '../scene/index.ts';

const MESSAGE_KEY = {
  'no-webgl': 'error.webgl-unavailable',
  'not-loaded': 'error.chunk-load-failed',
  crashed: 'error.something-wrong',
  panorama: 'error.something-wrong',
} as const satisfies Record<SceneFailureKind, string>;

/**
 * Where the panorama should be, when the scene failed: what went wrong and a reload. Not an ErrorScreen: the toolbar,
 * panels, likes, comments, chat and meetings need no scene and stay usable around it.
 */
export function SceneFailedNotice({ kind }: { kind: SceneFailureKind }) {
  const { t } = useTranslation();
  return (
    <div className="atrium-scene-failed" data-testid="scene-failed" data-kind={kind}>
      <div className="atrium-scene-failed__card" role="alert">
        <p>{t(MESSAGE_KEY[kind])}</p>
        <button type="button" onClick={() => location.reload()}>{t('error.reload')}</button>
      </div>
    </div>
  );
}
