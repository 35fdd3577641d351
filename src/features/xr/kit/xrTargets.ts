import { type RefObject, useEffect } from 'react';
import { type Object3D, Vector3 } from 'three';

// A canvas has no DOM: tests and support tools find in-world controls by name here, as they would by data-testid.
// `window.__atriumXR.targets[name]()` answers the control's world-space centre (metres), or null once it is gone;
// `texts[name]` what it says (the canvas text drawn on it), as textContent would.

interface XRDiagnostics {
  targets: Record<string, () => [number, number, number] | null>;
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
  window.__atriumXR ??= { targets: {}, texts: {}, openPanel: null, menu: [], shown: {} };
  window.__atriumXR.texts ??= {};
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

function isShown(object: Object3D): boolean {
  for (let o: Object3D | null = object; o; o = o.parent) if (!o.visible) return false;
  return true;
}
