import { useTranslation } from 'react-i18next';
import type { MeetingController } from './meetingController.ts';
import type { RosterEntryVM } from './meetingViewModel.ts';

interface Props {
  roster: RosterEntryVM[];
  controller: MeetingController;
}

/** The host's guests: where each one is in the tour, and the host's tools (mute, hand the wheel, remove). */
export function MeetingRoster({ roster, controller }: Props) {
  const { t } = useTranslation('meeting');
  const act = (run: () => Promise<unknown>) => void run().catch(() => {});
  return (
    <details className="atrium-meeting__roster" open data-testid="meeting-roster">
      <summary>{t('panel.participants', { n: roster.length })}</summary>
      {roster.length === 0 ? (
        <p className="atrium-meeting__empty">{t('roster.empty')}</p>
      ) : (
        <>
          <button type="button" className="atrium-meeting__mute-all" data-testid="meeting-mute-all" onClick={() => act(() => controller.ask('media:mute', { participantId: null }))}>
            {t('roster.mute-all')}
          </button>
          <ul>
            {roster.map((g) => (
              <li key={g.participantId} data-testid="meeting-guest" data-participant={g.participantId}>
                <span className="atrium-meeting__guest-name">{g.name}</span>
                <span className="atrium-meeting__guest-where" data-testid="meeting-guest-where">
                  {g.away ? t('panel.away') : g.panoramaName ? t('roster.where', { panorama: g.panoramaName }) : t('roster.where-unknown')}
                </span>
                <span className="atrium-meeting__guest-tools">
                  <button type="button" disabled={g.audioOff} aria-label={t('roster.mute', { name: g.name })} title={t('roster.mute', { name: g.name })} onClick={() => act(() => controller.ask('media:mute', { participantId: g.participantId }))}>🔇</button>
                  <button type="button" disabled={g.leading || g.away} aria-label={t('roster.lead', { name: g.name })} title={t('roster.lead', { name: g.name })} data-testid="meeting-hand-lead" onClick={() => act(() => controller.ask('lead:hand', { participantId: g.participantId }))}>⚑</button>
                  <button
                    type="button"
                    aria-label={t('roster.kick', { name: g.name })}
                    title={t('roster.kick', { name: g.name })}
                    onClick={() => {
                      if (window.confirm(t('roster.kick-confirm', { name: g.name }))) act(() => controller.ask('meeting:kick', { participantId: g.participantId }));
                    }}
                  >
                    ✕
                  </button>
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </details>
  );
}
