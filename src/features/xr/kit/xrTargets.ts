import { type RefObject, useEffect } from 'react';
import { type Object3D, Vector3 } from 'three';

// A canvas has no DOM: tests and support tools find in-world controls by name here, as they would by data-testid.
// `window.__atriumXR.targets[name]()` answers the control's world-space centre (metres), or null once it is gone;
// `texts[name]` what it says (the canvas text drawn on it), as textContent would; `corners[name]()` a panel's four
// world-space corners, so a test can tell what the panel covers from the eye (a marker behind it, the dock).

interface XRDiagnostics {
  targets: Record<string, () => [number, number, number] | null>;
  corners: Record<string, () => [number, number, number][] | null>;
  texts: Record<string, string>;
  /** The open menu panel's id (null when none), and the marker whose panel is open. */
  openPanel: string | null;
  menu: string[];
  /** What a panel lists (comments' messages, results' marker ids), by panel: canvas text has no DOM to read. */
  shown: Record<string, string[]>;
}

declare global {
  interface Window {
    __atriumXR?: XRDiagnostics;
  }
}

export function xrDiagnostics(): XRDiagnostics {
  window.__atriumXR ??= { targets: {}, corners: {}, texts: {}, openPanel: null, menu: [], shown: {} };
  window.__atriumXR.texts ??= {};
  window.__atriumXR.corners ??= {};
  window.__atriumXR.shown ??= {};
  return window.__atriumXR;
}

/** Publishes what the panel `key` lists while mounted, for tests (window.__atriumXR.shown[key]). */
export function useXRShown(key: string, items: readonly string[]): void {
  const joined = JSON.stringify(items);
  useEffect(() => {
    const shown = xrDiagnostics().shown;
    shown[key] = JSON.parse(joined) as string[];
    return () => {
      delete shown[key];
    };
  }, [key, joined]);
}

/** Publishes the object's centre (and the text it shows, if any) under `name` while mounted (no-op without a name). */
export function useXRTarget(name: string | undefined, ref: RefObject<Object3D | null>, text?: string): void {
  useEffect(() => {
    if (!name || text === undefined) return undefined;
    const texts = xrDiagnostics().texts;
    texts[name] = text;
    return () => {
      if (texts[name] === text) delete texts[name];
    };
  }, [name, text]);
  useEffect(() => {
    if (!name) return undefined;
    const targets = xrDiagnostics().targets;
    const locate = () => {
      const object = ref.current;
      if (!object || !isShown(object)) return null;
      object.updateWorldMatrix(true, false);
      return object.getWorldPosition(new Vector3()).toArray();
    };
    targets[name] = locate;
    return () => {
      if (targets[name] === locate) delete targets[name];
    };
  }, [name, ref]);
}

/** A uikit root's laid-out size (layout pixels) and pixel size. */
type UikitRoot = Object3D & { size?: { value?: [number, number] }; properties?: { value?: { pixelSize?: unknown } } };

/**
 * Publishes the four world-space corners of a uikit root anchored at its centre (top left, top right, bottom right,
 * bottom left) under `name` while mounted: what the panel covers, for tests that check it hides nothing chosen.
 */
export function useXRCorners(name: string | undefined, ref: RefObject<UikitRoot | null>): void {
  useEffect(() => {
    if (!name) return undefined;
    const corners = xrDiagnostics().corners;
    const locate = () => {
      const object = ref.current;
      const size = object?.size?.value;
      if (!object || !size || !isShown(object)) return null;
      const pixelSize = object.properties?.value?.pixelSize;
      const [w, h] = size.map((v) => (v * (typeof pixelSize === 'number' ? pixelSize : 0.001)) / 2) as [number, number];
      object.updateWorldMatrix(true, false);
      return [[-w, h], [w, h], [w, -h], [-w, -h]].map(([x, y]) => object.localToWorld(new Vector3(x, y, 0)).toArray());
    };
    corners[name] = locate;
    return () => {
      if (corners[name] === locate) delete corners[name];
    };
  }, [name, ref]);
}

function isShown(object: Object3D): boolean {
  for (let o: Object3D | null = object; o; o = o.parent) if (!o.visible) return false;
  return true;
}
