import { useTranslation } from 'react-i18next';
import { formatShortCode } from '../../protocol/meeting.ts';
import { useSnapshot } from '../../state/store.ts';
import type { MeetingController } from './meetingController.ts';
import { meetingState } from './meetingStore.ts';
import { bannerText } from './meetingTexts.ts';
import type { MeetingVM } from './meetingViewModel.ts';
import { MeetingRoster } from './MeetingRoster.tsx';
import { VideoTile } from './VideoTile.tsx';

interface Props {
  vm: MeetingVM;
  controller: MeetingController;
  guestLink: string | null;
}

/** The flat-screen meeting panel: video tiles, what is going on, and the controls. */
export function MeetingPanel({ vm, controller, guestLink }: Props) {
  const { t } = useTranslation('meeting');
  const snap = useSnapshot(meetingState);
  const c = vm.controls;
  return (
    <section className="atrium-meeting" aria-label={t('panel.title')} data-testid="meeting-panel" data-phase={vm.phase} onKeyDown={(e) => e.stopPropagation()}>
      <header className="atrium-meeting__header">
        <h2>{vm.title || t('panel.title')}</h2>
        {vm.role === 'host' && vm.shortCode && (
          <span className="atrium-meeting__code" data-testid="meeting-code">{t('meeting.code', { code: formatShortCode(vm.shortCode) })}</span>
        )}
        {vm.role === 'host' && guestLink && (
          <button type="button" className="atrium-meeting__link" data-testid="meeting-copy-link" onClick={() => void navigator.clipboard?.writeText(guestLink).catch(() => {})}>
            {t('meeting.copy-link')}
          </button>
        )}
      </header>
      <div aria-live="polite" className="atrium-meeting__banners">
        {vm.banners.map((b) => (
          <p key={b.kind} className={`atrium-meeting__banner is-${b.kind}`} data-testid={`meeting-banner-${b.kind}`}>{bannerText(t, b)}</p>
        ))}
        {vm.speakerName && <p className="atrium-meeting__speaker" data-testid="meeting-speaker">{t('panel.speaking', { name: vm.speakerName })}</p>}
      </div>
      <div className="atrium-meeting__tiles">
        {vm.tiles.map((tile) => <VideoTile key={tile.key} tile={tile} stream={snap.streams[tile.key] as MediaStream | undefined} streamVersion={snap.streamVersion} />)}
      </div>
      <div className="atrium-meeting__controls" role="toolbar" aria-label={t('controls.label')}>
        <button type="button" disabled={!c.mic.available} aria-pressed={!c.mic.on} data-testid="meeting-mic" onClick={() => controller.setMicrophone(!c.mic.on)}>
          {c.mic.on ? t('controls.mic-off') : t('controls.mic-on')}
        </button>
        <button type="button" disabled={!c.camera.available} aria-pressed={!c.camera.on} data-testid="meeting-camera" onClick={() => controller.setCamera(!c.camera.on)}>
          {c.camera.on ? t('controls.camera-off') : t('controls.camera-on')}
        </button>
        {c.screen.available && (
          <button type="button" aria-pressed={c.screen.on} data-testid="meeting-screen" onClick={() => void controller.setScreenShare(!c.screen.on)}>
            {c.screen.on ? t('controls.screen-off') : t('controls.screen-on')}
          </button>
        )}
        {c.navigation === 'free' && (
          <button type="button" className="is-primary" data-testid="meeting-follow" onClick={() => { meetingState.following = true; }}>{t('controls.back-to-host')}</button>
        )}
        {c.navigation === 'leading' && vm.phase === 'joined' && <span className="atrium-meeting__status" data-testid="meeting-leading">{t('controls.leading')}</span>}
        {c.canGather && <button type="button" data-testid="meeting-gather" onClick={() => void controller.ask('nav:gather', {}).catch(() => {})}>{t('controls.gather')}</button>}
        {c.canTakeLead && <button type="button" data-testid="meeting-take-lead" onClick={() => void controller.ask('lead:hand', { participantId: snap.selfId! }).catch(() => {})}>{t('controls.take-lead')}</button>}
        <button
          type="button"
          className="is-danger"
          data-testid={c.canEnd ? 'meeting-end' : 'meeting-leave'}
          onClick={() => {
            if (!c.canEnd || window.confirm(t('controls.end-confirm'))) void controller.leave();
          }}
        >
          {c.canEnd ? t('controls.end') : t('controls.leave')}
        </button>
      </div>
      {vm.role === 'host' && <MeetingRoster roster={vm.roster} controller={controller} />}
    </section>
  );
}
