import { type CSSProperties, useEffect, useRef, useState } from 'react';
import type { Marker } from '../protocol/tour.ts';
import { viewForPosition } from './math/angles.ts';
import type { HotspotBus } from './markers/hotspotBus.ts';
import { setView } from './state/cameraStore.ts';

export interface MarkerHotspotsProps {
  markers: readonly Marker[];
  bus: HotspotBus;
  onActivate: (marker: Marker) => void;
  /** Accessible name of a marker's button (the app passes a translated one). */
  label: (marker: Marker) => string;
}

const layerStyle: CSSProperties = { position: 'absolute', inset: 0, overflow: 'hidden', pointerEvents: 'none' };

/**
 * One real <button> per marker, kept over the 3D marker every frame: Tab reaches markers, Enter/Space
 * activates them and screen readers announce them. The buttons are invisible and ignore the mouse
 * (pointer-events none) so dragging and clicking go to the canvas; focus shows a ring around the marker.
 * Focusing a marker that is off screen turns the view towards it.
 */
export function MarkerHotspots({ markers, bus, onActivate, label }: MarkerHotspotsProps) {
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const [focused, setFocused] = useState<string | null>(null);

  useEffect(() => {
    return bus.subscribe(() => {
      for (const [id, el] of buttons.current) {
        const p = bus.positions.get(id);
        if (!p) continue;
        el.style.width = el.style.height = `${Math.round(p.size)}px`;
        el.style.transform = `translate(${(p.x - p.size / 2).toFixed(1)}px, ${(p.y - p.size / 2).toFixed(1)}px)`;
        el.dataset.onScreen = String(p.onScreen);
      }
    });
  }, [bus]);

  const focus = (marker: Marker | null) => {
    setFocused(marker?.objectId ?? null);
    bus.focusedId = marker?.objectId ?? null;
    if (marker && bus.positions.get(marker.objectId)?.onScreen === false) setView(viewForPosition(marker.position));
    bus.requestFrame();
  };

  return (
    <div style={layerStyle} data-testid="marker-hotspots">
      {markers.map((marker) => (
        <button
          key={marker.objectId}
          type="button"
          data-marker-id={marker.objectId}
          aria-label={label(marker)}
          ref={(el) => {
            if (el) buttons.current.set(marker.objectId, el);
            else buttons.current.delete(marker.objectId);
          }}
          onFocus={() => focus(marker)}
          onBlur={() => focused === marker.objectId && focus(null)}
          onClick={() => onActivate(marker)}
          style={{
            position: 'absolute', left: 0, top: 0, width: 0, height: 0, padding: 0, margin: 0, border: 'none',
            borderRadius: '50%', background: 'transparent', pointerEvents: 'none', transform: 'translate(-9999px, 0)',
            outline: focused === marker.objectId ? '3px solid #ffffff' : 'none',
            boxShadow: focused === marker.objectId ? '0 0 0 6px rgba(236, 9, 116, 0.85)' : 'none',
          }}
        />
      ))}
    </div>
  );
}
