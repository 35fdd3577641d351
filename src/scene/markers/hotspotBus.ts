/** Where a marker is on screen this frame, for the DOM button layer (keyboard and screen-reader access). */
export interface HotspotPosition {
  /** CSS pixels from the canvas's top-left corner. */
  x: number;
  y: number;
  /** Edge of the marker on screen in CSS pixels. */
  size: number;
  /** In front of the camera and inside the canvas. */
  onScreen: boolean;
}

/**
 * Per-frame channel from the 3D markers to the DOM layer. A plain emitter instead of React state: positions
 * change every frame and the DOM layer writes styles through refs, without re-rendering.
 * focusedId travels the other way: the DOM tells the scene which marker to highlight.
 */
export class HotspotBus {
  readonly positions = new Map<string, HotspotPosition>();
  focusedId: string | null = null;
  private listeners = new Set<() => void>();
  /** Set by the scene: the DOM layer calls it after changing focusedId. */
  requestFrame: () => void = () => undefined;

  publish(): void {
    for (const listener of this.listeners) listener();
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
