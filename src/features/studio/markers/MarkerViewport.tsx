import { useEffect, useMemo, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { cameraState, PanoramaScene, setView } from '../../../scene/index.ts';
import { useSnapshot } from '../../../state/store.ts';
import type { MarkerDraft, MarkerPosition } from '../../../protocol/studioMarkers.ts';
import type { Panorama } from '../../../protocol/tour.ts';
import { MarkerGlyph } from './MarkerGlyph.tsx';
import { athAtvToScreen, screenToAthAtv, type Viewport } from './markerProjection.ts';

export interface ViewportMarker {
  id: string;
  draft: MarkerDraft;
  label: string;
}

interface Props {
  panoramas: readonly Panorama[];
  index: number;
  markers: readonly ViewportMarker[];
  selectedId: string | null;
  /** A kind is chosen in the toolbar: the next click in the panorama places it. */
  placing: boolean;
  onPlace: (position: MarkerPosition) => void;
  onSelect: (id: string | null) => void;
  onMove: (id: string, position: MarkerPosition) => void;
}

/** A press that moved less than this is a click (placing, selecting); more is a drag of the view or a marker. */
const CLICK_SLOP_PX = 5;

function useViewportSize(element: HTMLElement | null): Viewport {
  const [size, setSize] = useState<Viewport>({ width: 1, height: 1 });
  useEffect(() => {
    if (!element) return;
    const update = () => setSize({ width: Math.max(1, element.clientWidth), height: Math.max(1, element.clientHeight) });
    update();
    const observer = new ResizeObserver(update);
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return size;
}

/**
 * The real viewer scene with the editor's handles over it: one handle per marker, kept at the marker's place as
 * the view turns. Clicking the panorama places the chosen kind; dragging a handle moves its marker.
 */
export function MarkerViewport({ panoramas, index, markers, selectedId, placing, onPlace, onSelect, onMove }: Props) {
  const { t } = useTranslation('studioMarkers');
  const [root, setRoot] = useState<HTMLDivElement | null>(null);
  const viewport = useViewportSize(root);
  const camera = useSnapshot(cameraState);
  const view = { yaw: camera.yaw, pitch: camera.pitch, fov: camera.fov };
  const press = useRef<{ x: number; y: number } | null>(null);
  const [drag, setDrag] = useState<{ id: string; position: MarkerPosition; moved: boolean; startX: number; startY: number } | null>(null);
  const panorama = panoramas[index];

  // Start each panorama at its initial view, as visitors do.
  useEffect(() => {
    const v = panorama?.initialView;
    setView({ yaw: v?.ath ?? 0, pitch: -(v?.atv ?? 0), ...(v?.fov ? { fov: v.fov } : {}) });
  }, [panorama?.objectId, panorama?.initialView]);

  const local = (e: { clientX: number; clientY: number }) => {
    const box = root!.getBoundingClientRect();
    return { x: e.clientX - box.left, y: e.clientY - box.top };
  };

  const onScenePointerDown = (e: ReactPointerEvent) => {
    press.current = { x: e.clientX, y: e.clientY };
  };
  const onScenePointerUp = (e: ReactPointerEvent) => {
    const start = press.current;
    press.current = null;
    if (!start || Math.hypot(e.clientX - start.x, e.clientY - start.y) > CLICK_SLOP_PX) return;
    if (placing) onPlace(screenToAthAtv(local(e), view, viewport));
    else onSelect(null);
  };

  const scenePanoramas = useMemo(() => panoramas, [panoramas]);

  return (
    <div
      ref={setRoot}
      className={`studio-markers-viewport${placing ? ' is-placing' : ''}`}
      data-testid="studio-marker-viewport"
      onPointerDownCapture={onScenePointerDown}
      onPointerUp={onScenePointerUp}
    >
      {panorama ? (
        <PanoramaScene panoramas={scenePanoramas} index={index} options={{ autorotate: false, reducedMotion: true }} onMarkerClick={(m) => onSelect(m.objectId)} />
      ) : (
        <p className="studio-markers-empty">{t('viewport.no-panorama')}</p>
      )}
      <div className="studio-markers-handles">
        {markers.map((m) => {
          const position = drag?.id === m.id ? drag.position : m.draft.position;
          const at = athAtvToScreen(position, view, viewport);
          if (!at) return null;
          return (
            <button
              key={m.id}
              type="button"
              className={`studio-marker-handle${m.id === selectedId ? ' is-selected' : ''}`}
              style={{ transform: `translate(${(at.x - 18).toFixed(1)}px, ${(at.y - 18).toFixed(1)}px)` }}
              data-testid="studio-marker-handle"
              data-marker-id={m.id}
              data-kind={m.draft.type}
              aria-label={m.label}
              aria-pressed={m.id === selectedId}
              title={m.label}
              onPointerDown={(e) => {
                e.stopPropagation();
                e.currentTarget.setPointerCapture(e.pointerId);
                setDrag({ id: m.id, position: m.draft.position, moved: false, startX: e.clientX, startY: e.clientY });
              }}
              onPointerMove={(e) => {
                if (!drag || drag.id !== m.id) return;
                const moved = drag.moved || Math.hypot(e.clientX - drag.startX, e.clientY - drag.startY) > CLICK_SLOP_PX;
                setDrag({ ...drag, moved, position: moved ? screenToAthAtv(local(e), view, viewport) : drag.position });
              }}
              onPointerUp={(e) => {
                e.stopPropagation();
                if (drag?.id === m.id && drag.moved) onMove(m.id, drag.position);
                else onSelect(m.id);
                setDrag(null);
              }}
              onPointerCancel={() => setDrag(null)}
            >
              <MarkerGlyph type={m.draft.type} iconType={m.draft.iconType} size={32} />
            </button>
          );
        })}
      </div>
      {placing && <p className="studio-markers-hint" role="status">{t('viewport.click-to-place')}</p>}
    </div>
  );
}
