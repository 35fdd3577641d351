// What the in-world meeting panel shows: the same MeetingVM as the DOM panel, with its sentences already in the
// visitor's language (the uikit view has no i18n of its own) and the streams of the tiles it draws.
import type { TFunction } from 'i18next';
import type { BearingTexts } from '../xr/bearing.ts';
import { bannerText } from './meetingTexts.ts';
import type { MeetingVM, TileVM } from './meetingViewModel.ts';

export interface XRTileVM {
  key: string;
  label: string;
  initials: string;
  badge: string | null;
  speaking: boolean;
  muted: string | null;
  /** The live picture, or null (camera off, nothing received yet): the tile then shows initials. */
  stream: MediaStream | null;
}

export interface XRMeetingVM {
  phase: MeetingVM['phase'];
  banners: string[];
  speaker: string | null;
  tiles: XRTileVM[];
  mic: { label: string; available: boolean; on: boolean };
  camera: { label: string; available: boolean; on: boolean };
  /** "Back to the host" while looking around alone, else null. */
  follow: string | null;
  /** The host ends the meeting for everyone (asked twice in VR, where a browser dialog cannot show); a guest leaves. */
  leave: { label: string; confirm: string | null };
  /** Where the one who leads looks, told to a wearer who follows or looks around (their head is never turned). */
  hostBearing: BearingTexts | null;
}

/** At most four pictures in the headset: each is a video decoded and uploaded every frame. */
export const XR_MAX_TILES = 4;

const tileLabel = (t: TFunction<'meeting'>, tile: TileVM) =>
  tile.kind === 'screen' ? t('panel.screen-of', { name: tile.name }) : tile.self ? `${tile.name} (${t('panel.you')})` : tile.name;

export function xrMeetingViewModel(vm: MeetingVM, streams: Readonly<Record<string, MediaStream>>, t: TFunction<'meeting'>): XRMeetingVM {
  // The speaker and screens first: with more people than pictures, those are the ones worth watching.
  const ranked = [...vm.tiles].sort((a, b) => Number(b.kind === 'screen') - Number(a.kind === 'screen') || Number(b.speaking) - Number(a.speaking) || Number(a.self) - Number(b.self));
  return {
    phase: vm.phase,
    banners: vm.banners.map((b) => bannerText(t, b)),
    speaker: vm.speakerName ? t('panel.speaking', { name: vm.speakerName }) : null,
    tiles: ranked.slice(0, XR_MAX_TILES).map((tile) => ({
      key: tile.key,
      label: tileLabel(t, tile),
      initials: tile.initials,
      badge: tile.kind !== 'camera' ? null : tile.leading ? t('panel.leading') : tile.role === 'host' ? t('panel.host') : tile.away ? t('panel.away') : null,
      speaking: tile.speaking,
      muted: tile.audioOff ? t('panel.muted') : null,
      stream: !tile.videoOff && tile.hasStream ? (streams[tile.key] ?? null) : null,
    })),
    mic: { label: vm.controls.mic.on ? t('controls.mic-off') : t('controls.mic-on'), available: vm.controls.mic.available, on: vm.controls.mic.on },
    camera: { label: vm.controls.camera.on ? t('controls.camera-off') : t('controls.camera-on'), available: vm.controls.camera.available, on: vm.controls.camera.on },
    follow: vm.controls.navigation === 'free' ? t('controls.back-to-host') : null,
    leave: vm.controls.canEnd ? { label: t('controls.end'), confirm: t('controls.end-confirm') } : { label: t('controls.leave'), confirm: null },
    hostBearing: vm.phase === 'joined' && vm.controls.navigation !== 'leading' ? {
      left: (degrees) => t('vr.host-left', { degrees }),
      right: (degrees) => t('vr.host-right', { degrees }),
      ahead: t('vr.host-ahead'),
    } : null,
  };
}
