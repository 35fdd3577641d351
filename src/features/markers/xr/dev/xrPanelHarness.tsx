// Dev-only page for the in-world marker panel (not part of the build): a bare R3F canvas with an XR store and
// the panel for a sample marker, in the language of ?lang= (default en). Used by tests/e2e/xr-panels.spec.ts.
import { Canvas, useFrame } from '@react-three/fiber';
import { XR, createXRStore, useXR } from '@react-three/xr';
import type { VanillaContainer } from '@react-three/uikit';
import { StrictMode, useEffect, useMemo, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { Quaternion, Vector3 } from 'three';
import { labelsFrom, type XRPanelLabels } from '../panelModel.ts';
import { XRMarkerPanel } from '../XRMarkerPanel.tsx';
import { sampleMarker, samplePhotos } from './sampleMarkers.ts';

interface HarnessHandle {
  frames: number;
  closed: boolean;
  panelOpen: boolean;
  /** A controller pose (reference-space metres) whose ray points at the close button's centre. */
  aimAtClose(): { position: [number, number, number]; quaternion: [number, number, number, number] } | null;
  /** World position of the close button's centre (to check where the panel was placed). */
  closeButtonWorld(): [number, number, number] | null;
}
declare global {
  interface Window {
    __xrPanel?: HarnessHandle;
    __closed?: boolean;
  }
}

const lang = new URLSearchParams(location.search).get('lang') ?? 'en';
const catalogs = import.meta.glob<Record<string, string>>('../../../../../locales/*/markers.json', { import: 'default' });
const CLICK_MS = 1000; // as the viewer's store (src/scene/xr/xrStore.ts): slow trigger pulls still click
const store = createXRStore({
  emulate: false,
  offerSession: false,
  baseAssetPath: new URL('/xr-profiles/', location.href).href,
  defaultControllerProfileId: 'generic-trigger-squeeze-thumbstick',
  controller: { model: false, teleportPointer: false, grabPointer: false, rayPointer: { clickThresholdMs: CLICK_MS } },
  hand: { model: false, teleportPointer: false, grabPointer: false, touchPointer: false, rayPointer: { clickThresholdMs: CLICK_MS } },
});
const handle: HarnessHandle = { frames: 0, closed: false, panelOpen: false, aimAtClose: () => null, closeButtonWorld: () => null };
window.__xrPanel = handle;

function PanelInSession({ labels }: { labels: XRPanelLabels }) {
  const session = useXR((s) => s.session);
  const [open, setOpen] = useState(true);
  const marker = useMemo(() => sampleMarker(samplePhotos()), []);
  const close = useRef<VanillaContainer>(null);
  useFrame(() => {
    handle.frames += 1;
  });
  useEffect(() => {
    handle.panelOpen = Boolean(session) && open;
    handle.aimAtClose = () => {
      if (!close.current) return null;
      const target = close.current.getWorldPosition(new Vector3());
      const from = new Vector3(0.2, 1.3, -0.2);
      const q = new Quaternion().setFromUnitVectors(new Vector3(0, 0, -1), target.sub(from).normalize());
      return { position: from.toArray(), quaternion: [q.x, q.y, q.z, q.w] };
    };
    handle.closeButtonWorld = () => close.current?.getWorldPosition(new Vector3()).toArray() ?? null;
  }, [session, open]);
  // Like the viewer: the in-world panel exists only while a session runs.
  if (!session || !open) return null;
  return (
    <XRMarkerPanel
      marker={marker}
      tour={null}
      lang={lang}
      labels={labels}
      closeButtonRef={close}
      onClose={() => {
        handle.closed = true;
        window.__closed = true;
        setOpen(false);
      }}
    />
  );
}

function Harness() {
  const [labels, setLabels] = useState<XRPanelLabels | null>(null);
  useEffect(() => {
    const load = catalogs[`../../../../../locales/${lang}/markers.json`] ?? catalogs['../../../../../locales/en/markers.json'];
    void load?.().then((catalog) => setLabels(labelsFrom((key) => catalog[key] ?? key)));
  }, []);
  return (
    <>
      <button type="button" className="enter" data-testid="enter-vr" disabled={!labels} onClick={() => void store.enterVR()}>
        Enter VR
      </button>
      <Canvas gl={{ localClippingEnabled: true }} camera={{ position: [0, 1.6, 0] }}>
        <color attach="background" args={['#2b3a4a']} />
        <XR store={store}>{labels && <PanelInSession labels={labels} />}</XR>
      </Canvas>
    </>
  );
}

const root = document.getElementById('root');
if (root) createRoot(root).render(<StrictMode><Harness /></StrictMode>);
