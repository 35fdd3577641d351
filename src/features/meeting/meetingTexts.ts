// Sentences of the meeting views, shared by the DOM panel and the in-world panel (same view model, same words).
import type { TFunction } from 'i18next';
import type { BannerVM } from './meetingViewModel.ts';
import type { MeetingProblem } from './meetingStore.ts';

type T = TFunction<'meeting'>;

/** 4:59, 0:07 */
export const clock = (seconds: number): string => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

export function problemText(t: T, problem: MeetingProblem): string {
  switch (problem) {
    case 'invalid-id': return t('error.invalid-id');
    case 'other-tour': return t('error.other-tour');
    case 'full': return t('error.full');
    case 'private': return t('error.private');
    case 'removed': return t('error.removed');
    case 'ended': return t('state.ended');
    case 'connection-failed': return t('error.connection-failed');
    case 'join-failed': return t('error.join-failed');
    case 'disconnected': return t('error.disconnected');
    case 'unsupported': return t('error.unsupported');
    case 'off': return t('error.off');
    case 'sign-in-to-host': return t('error.sign-in-to-host');
    case 'not-host': return t('error.not-host');
    default: return t('error.unable');
  }
}

export function bannerText(t: T, banner: BannerVM): string {
  switch (banner.kind) {
    case 'waiting': return t('state.waiting');
    case 'host-away': return t('state.host-away', { time: clock(banner.secondsLeft) });
    case 'reconnecting': return t('state.reconnecting', { time: clock(banner.secondsLeft) });
    case 'muted-by-host': return t('state.muted-by-host');
    case 'free-look': return t('state.free-look');
    case 'guest-leads': return t('state.guest-leads', { name: banner.leaderName });
    case 'media': return banner.problem === 'blocked' ? t('error.camera-blocked') : banner.problem === 'unsupported' ? t('error.unsupported') : t('error.no-device');
    case 'problem': return problemText(t, banner.problem);
  }
}
