import { useFrame } from '@react-three/fiber';
import { Container, Image, type VanillaContainer } from '@react-three/uikit';
import { type Ref, useEffect, useMemo, useRef, useState } from 'react';
import { type Group, Vector3 } from 'three';
import type { Marker, Tour } from '../../../protocol/tour.ts';
import { markerViewModel } from '../model/markerViewModel.ts';
import { PanelButton } from './PanelButton.tsx';
import { PanelText } from './PanelText.tsx';
import { ENGLISH_LABELS, htmlToPlainText, linkTarget, panelPose, type XRPanelLabels } from './panelModel.ts';
import { isRtl } from './textCanvas.ts';
import { usePanelImage } from './usePanelImage.ts';

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
}

// Layout units: pixelSize 0.001, so 1 px = 1 mm and the 900 px panel is 0.9 m wide.
const PANEL_WIDTH = 900;
const PADDING = 32;
const INNER = PANEL_WIDTH - 2 * PADDING;
const CLOSE_WIDTH = 44;
const MAX_IMAGE_HEIGHT = 440;
const TEXT_COLOR = '#e6edf3';
/**
 * The panorama's layers draw without depth testing, ordered by renderOrder, and the scene's markers at 1000
 * (src/scene/markers/Markers3D.tsx): at uikit's default 0 the panel was drawn first and painted over by the
 * panorama, so it was invisible in the real viewer. Above both, it is always in front. uikit passes the root's
 * renderOrder down to every child (texts and images too).
 */
const PANEL_RENDER_ORDER = 2000;

/**
 * The marker panel in a VR session: a uikit panel 1.2 m in front of the viewer at eye height, facing them,
 * placed once from the camera's pose when it opens (it then stays put in the world as the head moves).
 * Every text is a canvas texture (see textCanvas.ts), so all interface languages render correctly.
 */
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

export function XRMarkerPanel({ marker, tour, lang, onClose, labels: givenLabels = ENGLISH_LABELS, closeButtonRef }: XRMarkerPanelProps) {
  const labels = useSettledLabels(givenLabels);
  const vm = useMemo(() => markerViewModel(marker, tour, lang), [marker, tour, lang]);
  const group = useRef<Group>(null);
  // Frames seen since the marker opened: the XR camera's pose is only fresh after a frame has rendered.
  const framesSinceOpen = useRef(0);
  useEffect(() => {
    framesSinceOpen.current = 0;
    // Which marker's panel is in the world: for tests and support tools (the canvas shows no DOM).
    document.documentElement.dataset.xrPanel = marker.objectId;
    return () => {
      delete document.documentElement.dataset.xrPanel;
    };
  }, [marker.objectId]);
  useFrame(({ camera }) => {
    const g = group.current;
    if (!g || framesSinceOpen.current > 2) return;
    framesSinceOpen.current += 1;
    const eye = camera.getWorldPosition(new Vector3());
    const forward = camera.getWorldDirection(new Vector3());
    const pose = panelPose([eye.x, eye.y, eye.z], [forward.x, forward.y, forward.z]);
    g.position.set(...pose.position);
    g.rotation.set(0, pose.yaw, 0);
    g.visible = true;
  });

  const rtl = isRtl(lang);
  const row = rtl ? 'row-reverse' : 'row';
  const description = useMemo(() => htmlToPlainText(vm.html), [vm.html]);
  const entries = vm.entries.map((e) => e.name).join('\n');
  const link = linkTarget(vm, labels);

  const [imageIndex, setImageIndex] = useState(0);
  useEffect(() => setImageIndex(0), [marker.objectId]);
  const imageUrl = vm.images[imageIndex % Math.max(1, vm.images.length)] ?? null;
  const image = usePanelImage(imageUrl);
  const stepImage = (delta: number) => setImageIndex((i) => (i + delta + vm.images.length) % vm.images.length);

  const audioUrl = vm.media?.kind === 'audio' ? vm.media.url : null;
  const [playing, setPlaying] = useNarration(audioUrl);

  let imageSize: [number, number] | null = null;
  if (image) {
    const height = Math.min(MAX_IMAGE_HEIGHT, INNER / image.aspect);
    imageSize = [height * image.aspect, height];
  }

  return (
    <group ref={group} visible={false}>
      <Container
        renderOrder={PANEL_RENDER_ORDER}
        pixelSize={0.001}
        anchorX="center"
        anchorY="center"
        width={PANEL_WIDTH}
        padding={PADDING}
        gap={20}
        flexDirection="column"
        backgroundColor="#0d1117"
        opacity={0.94}
        borderRadius={28}
        borderWidth={2}
        borderColor="#30363d"
      >
        <Container flexDirection={row} alignItems="center" gap={16}>
          <Container flexGrow={1} flexShrink={1}>
            <PanelText text={vm.title || labels.untitled} lang={lang} width={INNER - CLOSE_WIDTH - 2 * 18 - 16} fontSize={40} fontWeight={700} color="#ffffff" maxLines={3} lineHeight={1.35} />
          </Container>
          <PanelButton label="×" lang={lang} labelWidth={CLOSE_WIDTH} fontSize={40} onClick={onClose} buttonRef={closeButtonRef} />
        </Container>
        {image && imageSize && (
          <Container flexDirection="row" justifyContent="center">
            <Image src={image.texture} width={imageSize[0]} height={imageSize[1]} objectFit="cover" borderRadius={12} pointerEvents="none" />
          </Container>
        )}
        {vm.images.length > 1 && (
          <Container flexDirection={row} justifyContent="space-between" alignItems="center">
            <PanelButton label={labels.previousImage} lang={lang} labelWidth={300} onClick={() => stepImage(-1)} />
            <PanelText text={`${imageIndex + 1} / ${vm.images.length}`} lang={lang} width={120} fontSize={28} color={TEXT_COLOR} align="center" maxLines={1} />
            <PanelButton label={labels.nextImage} lang={lang} labelWidth={300} onClick={() => stepImage(1)} />
          </Container>
        )}
        {vm.unavailable && <PanelText text={labels.noLongerAvailable} lang={lang} width={INNER} fontSize={30} color="#f0b72f" />}
        {description && <PanelText text={description} lang={lang} width={INNER} fontSize={30} color={TEXT_COLOR} maxLines={12} />}
        {entries && <PanelText text={entries} lang={lang} width={INNER} fontSize={30} color={TEXT_COLOR} maxLines={10} />}
        {vm.price && <PanelText text={vm.price} lang={lang} width={INNER} fontSize={36} fontWeight={700} color="#7ee787" maxLines={1} />}
        {(audioUrl || link) && (
          <Container flexDirection={row} gap={16} flexWrap="wrap">
            {audioUrl && <PanelButton label={playing ? labels.pause : labels.play} lang={lang} labelWidth={220} onClick={() => setPlaying(!playing)} />}
            {link && <PanelButton primary label={link.label} lang={lang} labelWidth={360} onClick={() => window.open(link.href, '_blank', 'noopener,noreferrer')} />}
          </Container>
        )}
      </Container>
    </group>
  );
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
