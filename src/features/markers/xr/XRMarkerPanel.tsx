import { useFrame, useThree } from '@react-three/fiber';
import { Container, Image, type VanillaContainer } from '@react-three/uikit';
import { type ReactNode, type Ref, type RefObject, useEffect, useMemo, useRef, useState } from 'react';
import { type Object3D, Vector3 } from 'three';
import type { Marker, Tour } from '../../../protocol/tour.ts';
import { exitVR } from '../../../scene/index.ts';
import { FollowingGroup } from '../../xr/kit/FollowingGroup.tsx';
import { ICONS } from '../../xr/kit/icons.ts';
import { PanelButton } from '../../xr/kit/PanelButton.tsx';
import { PANEL_FONT, PANEL_TEXT_COLOR, PanelFrame } from '../../xr/kit/PanelFrame.tsx';
import { PanelText } from '../../xr/kit/PanelText.tsx';
import { besideOffset, headingOf, PANEL_DISTANCE, PANEL_ELEVATION_DEG, PANEL_FOLLOW, turnBetween } from '../../xr/kit/placement.ts';
import { isRtl } from '../../xr/kit/textCanvas.ts';
import { usePanelImage } from '../../xr/kit/usePanelImage.ts';
import { useXRTarget } from '../../xr/kit/xrTargets.ts';
import { markerViewModel } from '../model/markerViewModel.ts';
import { playsInWorld } from './useInWorldVideo.ts';
import { ENGLISH_LABELS, htmlToPlainText, imageCounter, leaveVrQuestion, linkTarget, type XRPanelLabels } from './panelModel.ts';
import { XRPdfView } from './XRPdfView.tsx';
import { XRVideoView } from './XRVideoView.tsx';

export interface XRMarkerPanelProps {
  marker: Marker;
  tour: Tour | null;
  /** Interface language (BCP 47), e.g. i18n.language. */
  lang: string;
  onClose: () => void;
  /** Translated button texts (labelsFrom(t) with the 'markers' catalog); English when left out. */
  labels?: XRPanelLabels;
  /** The close button's 3D object, for tests that aim a controller at it. */
  closeButtonRef?: Ref<VanillaContainer>;
  /** More in-world content under the marker's own, as wide as the panel (a retailer's "Add to order"). */
  extra?: (width: number) => ReactNode;
}

const PANEL_WIDTH = 840;
const MAX_IMAGE_HEIGHT = 420;
/** A video's picture (16:9 at the panel's width is 472 mm) and a PDF page's box: the panel stays under ~700 mm. */
const MAX_VIDEO_HEIGHT = 440;
const PDF_PAGE_HEIGHT = 470;
/** Angular radius of a marker icon in VR (src/scene/markers: about 5 degrees across) plus its label below. */
const MARKER_RADIUS_DEG = 4;
/** About five seconds at the headsets' 72-90 Hz: long enough for a panorama's markers to arrive. */
const LOOK_FOR_MARKER_FRAMES = 400;

/** The labels given, then their translations once the catalog has arrived (see XRPanelLabels.translated). */
function useSettledLabels(given: XRPanelLabels): XRPanelLabels {
  const [settled, setSettled] = useState<XRPanelLabels | null>(null);
  useEffect(() => {
    setSettled(null);
    let live = true;
    void given.translated?.then((labels) => live && setSettled(labels));
    return () => {
      live = false;
    };
  }, [given.translated]);
  return settled ?? given;
}

/**
 * Where the chosen marker is, as a heading from the eye (radians), and the side of it the panel takes: toward
 * where the wearer looks, else the side text starts from (right of the marker in left-to-right languages).
 */
function useBesideMarker(markerId: string, rtl: boolean): { openYaw: number | null; offset: number; chosen: RefObject<Object3D | null> } {
  const scene = useThree((s) => s.scene);
  const camera = useThree((s) => s.camera);
  // A marker opened from a search result in another panorama is not in the scene until that panorama's markers
  // are: look for it on the next frames (a few seconds at most, the scene is searched by name each time).
  const [found, setFound] = useState<string | null>(() => (scene.getObjectByName(`marker:${markerId}`) ? markerId : null));
  const present = found === markerId;
  const looked = useRef({ markerId, frames: 0 });
  useFrame(() => {
    if (looked.current.markerId !== markerId) looked.current = { markerId, frames: 0 };
    if (present || looked.current.frames > LOOK_FOR_MARKER_FRAMES) return;
    looked.current.frames += 1;
    if (scene.getObjectByName(`marker:${markerId}`)) setFound(markerId);
  });
  // The chosen marker itself: the card keeps clear of it while it follows the head (and tests check it stays in sight).
  const chosen = useRef<Object3D | null>(null);
  useEffect(() => {
    chosen.current = scene.getObjectByName(`marker:${markerId}`) ?? null;
  }, [scene, markerId, present]);
  useXRTarget('marker:chosen', chosen);
  return useMemo(() => {
    const object = scene.getObjectByName(`marker:${markerId}`);
    const eye = camera.getWorldPosition(new Vector3());
    const forward = camera.getWorldDirection(new Vector3());
    const head = headingOf([forward.x, forward.y, forward.z]);
    let side: 1 | -1 = rtl ? 1 : -1;
    // No marker in the scene (a panel opened some other way): straight ahead.
    if (!object) return { openYaw: null, offset: 0, chosen };
    const to = object.getWorldPosition(new Vector3()).sub(eye);
    const markerYaw = headingOf([to.x, to.y, to.z]);
    const lookedAway = turnBetween(markerYaw, head);
    if (Math.abs(lookedAway) > 0.02) side = lookedAway > 0 ? 1 : -1;
    const offset = besideOffset(PANEL_WIDTH / 1000 + 0.07, PANEL_DISTANCE, MARKER_RADIUS_DEG, side);
    return { openYaw: markerYaw + offset, offset, chosen };
    // Once per opened marker (and once more when it appears): the panel then follows the head, on the same side.
  }, [markerId, present]);
}

/**
 * The marker panel in a VR session: an opaque uikit card beside the chosen marker (never over it), 1.25 m away,
 * a little below eye level, that follows the wearer lazily once they turn away. Content comes from
 * markerViewModel like the flat-screen dialog; every text is a canvas texture (see ../../xr/kit/textCanvas.ts),
 * so all interface languages render, Arabic right to left.
 */
export function XRMarkerPanel({ marker, tour, lang, onClose, labels: givenLabels = ENGLISH_LABELS, closeButtonRef, extra }: XRMarkerPanelProps) {
  const labels = useSettledLabels(givenLabels);
  const vm = useMemo(() => markerViewModel(marker, tour, lang), [marker, tour, lang]);
  useEffect(() => {
    // Which marker's panel is in the world: for tests and support tools (the canvas shows no DOM).
    document.documentElement.dataset.xrPanel = marker.objectId;
    return () => {
      delete document.documentElement.dataset.xrPanel;
    };
  }, [marker.objectId]);

  const rtl = isRtl(lang);
  const row = rtl ? 'row-reverse' : 'row';
  const beside = useBesideMarker(marker.objectId, rtl);
  const description = useMemo(() => htmlToPlainText(vm.html), [vm.html]);
  const entries = vm.entries.map((e) => e.name).join('\n');
  const link = linkTarget(vm, labels);

  const [imageIndex, setImageIndex] = useState(0);
  /** The link the wearer chose, while the panel asks whether to leave VR for it. */
  const [leaving, setLeaving] = useState<string | null>(null);
  useEffect(() => {
    setImageIndex(0);
    setLeaving(null);
  }, [marker.objectId]);
  const imageUrl = vm.images[imageIndex % Math.max(1, vm.images.length)] ?? null;
  const image = usePanelImage(imageUrl);
  const stepImage = (delta: number) => setImageIndex((i) => (i + delta + vm.images.length) % vm.images.length);

  const audioUrl = vm.media?.kind === 'audio' ? vm.media.url : null;
  const videoSource = vm.media?.kind === 'video' && playsInWorld(vm.media.source) ? vm.media.source : null;
  const pdfUrl = vm.media?.kind === 'pdf' ? vm.media.url : null;
  const [playing, setPlaying] = useNarration(audioUrl);

  let imageSize: [number, number] | null = null;
  if (image) {
    const height = Math.min(MAX_IMAGE_HEIGHT, PANEL_WIDTH / image.aspect);
    imageSize = [height * image.aspect, height];
  }

  return (
    <FollowingGroup
      distance={PANEL_DISTANCE}
      elevationDeg={PANEL_ELEVATION_DEG}
      yawOffset={beside.offset}
      openYaw={beside.openYaw}
      follow={PANEL_FOLLOW}
      // A tall card (photo, description, the leave-VR question) stands higher rather than reach into the menu dock.
      band="panel"
      avoid={beside.chosen}
      avoidClearance={Math.abs(beside.offset)}
      // Placed again once the marker is found beside which to stand (it was straight ahead until then).
      placementKey={`${marker.objectId}:${beside.openYaw === null ? 'ahead' : 'beside'}`}
      name={`xr-marker-panel:${marker.objectId}`}
    >
      <PanelFrame title={vm.title || labels.untitled} lang={lang} width={PANEL_WIDTH} onClose={onClose} closeTarget="marker:close" closeRef={closeButtonRef} cardTarget="marker:card">
        {image && imageSize && (
          <Container flexDirection="row" justifyContent="center">
            <Image src={image.texture} width={imageSize[0]} height={imageSize[1]} objectFit="cover" borderRadius={12} pointerEvents="none" />
          </Container>
        )}
        {vm.images.length > 1 && (
          <Container flexDirection={row} justifyContent="space-between" alignItems="center">
            <PanelButton label={labels.previousImage} lang={lang} icon={rtl ? ICONS.next : ICONS.previous} labelWidth={260} fontSize={PANEL_FONT.button} onClick={() => stepImage(-1)} target="marker:previous-image" />
            <PanelText text={imageCounter(labels, imageIndex + 1, vm.images.length, lang)} target="marker:image-counter" lang={lang} width={150} fontSize={PANEL_FONT.body} color={PANEL_TEXT_COLOR} align="center" maxLines={1} />
            <PanelButton label={labels.nextImage} lang={lang} icon={rtl ? ICONS.previous : ICONS.next} labelWidth={260} fontSize={PANEL_FONT.button} onClick={() => stepImage(1)} target="marker:next-image" />
          </Container>
        )}
        {videoSource && <XRVideoView key={marker.objectId} source={videoSource} autoplay={marker.attributes?.autoplay === true} lang={lang} width={PANEL_WIDTH} maxHeight={MAX_VIDEO_HEIGHT} labels={labels} />}
        {pdfUrl && <XRPdfView key={marker.objectId} url={pdfUrl} lang={lang} width={PANEL_WIDTH} height={PDF_PAGE_HEIGHT} labels={labels} />}
        {vm.unavailable && <PanelText text={labels.noLongerAvailable} lang={lang} width={PANEL_WIDTH} fontSize={PANEL_FONT.body} color="#f0b72f" />}
        {description && <PanelText text={description} lang={lang} width={PANEL_WIDTH} fontSize={PANEL_FONT.body} color={PANEL_TEXT_COLOR} maxLines={10} />}
        {entries && <PanelText text={entries} lang={lang} width={PANEL_WIDTH} fontSize={PANEL_FONT.body} color={PANEL_TEXT_COLOR} maxLines={10} />}
        {vm.price && <PanelText text={vm.price} lang={lang} width={PANEL_WIDTH} fontSize={PANEL_FONT.title} fontWeight={700} color="#7ee787" maxLines={1} />}
        {(audioUrl || link) && !leaving && (
          <Container flexDirection={row} gap={16} flexWrap="wrap">
            {audioUrl && <PanelButton label={playing ? labels.pause : labels.play} lang={lang} icon={playing ? ICONS.pause : ICONS.play} labelWidth={200} fontSize={PANEL_FONT.button} onClick={() => setPlaying(!playing)} target="marker:play" />}
            {link && <PanelButton variant="primary" label={link.label} lang={lang} icon={ICONS.openExternal} labelWidth={340} fontSize={PANEL_FONT.button} onClick={() => setLeaving(link.href)} target="marker:link" />}
          </Container>
        )}
        {leaving && (
          <Container flexDirection="column" gap={16}>
            <PanelText text={leaveVrQuestion(labels, leaving, location.href)} target="marker:leave-question" lang={lang} width={PANEL_WIDTH} fontSize={PANEL_FONT.body} color={PANEL_TEXT_COLOR} maxLines={3} />
            <Container flexDirection={row} gap={16}>
              <PanelButton variant="primary" label={labels.leaveVrConfirm} lang={lang} icon={ICONS.openExternal} labelWidth={340} fontSize={PANEL_FONT.button} maxLines={2} onClick={() => leaveFor(leaving)} target="marker:leave-confirm" />
              <PanelButton label={labels.stayInVr} lang={lang} labelWidth={300} fontSize={PANEL_FONT.button} maxLines={2} onClick={() => setLeaving(null)} target="marker:stay" />
            </Container>
          </Container>
        )}
        {extra?.(PANEL_WIDTH)}
      </PanelFrame>
    </FollowingGroup>
  );
}

/**
 * The wearer agreed to leave VR for a link. The page opens first, while the trigger press still counts as the
 * wearer's gesture (a popup opened after the session's end promise would be blocked), then the session ends
 * cleanly instead of being torn down by the browser switching tabs.
 */
function leaveFor(href: string): void {
  window.open(href, '_blank', 'noopener,noreferrer');
  void exitVR();
}

/** The narration of a narration marker: one audio element, paused and dropped when the panel closes. */
function useNarration(url: string | null): [boolean, (play: boolean) => void] {
  const audio = useRef<HTMLAudioElement | null>(null);
  const [playing, setPlaying] = useState(false);
  useEffect(() => {
    if (!url) return;
    const element = new Audio(url);
    const sync = () => setPlaying(!element.paused);
    element.addEventListener('play', sync);
    element.addEventListener('pause', sync);
    element.addEventListener('ended', sync);
    audio.current = element;
    return () => {
      element.pause();
      element.removeAttribute('src');
      audio.current = null;
      setPlaying(false);
    };
  }, [url]);
  const set = (play: boolean) => {
    const element = audio.current;
    if (!element) return;
    // play() can be refused (no user activation); the button simply stays on "Play".
    if (play) element.play().catch(() => setPlaying(false));
    else element.pause();
  };
  return [playing, set];
}
