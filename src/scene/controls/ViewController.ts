import { cameraState, noteUserInput, rotateBy, zoomBy, zoomIn, zoomOut } from '../state/cameraStore.ts';
import { decayVelocity, dragToRotation, KEY_ROTATE_SPEED, pinchZoomFactor, trackVelocity, type Velocity, wheelZoomFactor } from './controlMath.ts';
import { DEFAULT_FOV } from '../../protocol/constants.ts';

export interface ViewControllerEnv {
  /** CSS pixel height of the canvas and the camera's vertical fov, for drag-to-angle mapping. */
  viewportHeight: () => number;
  verticalFov: () => number;
  /** PageUp / PageDown. */
  onStep: (step: 1 | -1) => void;
  requestFrame: () => void;
  /** While the gyro drives the view, horizontal drags shift this offset instead of the yaw. */
  onGyroYawDrag: (deltaYaw: number) => void;
}

interface PointerSample { x: number; y: number }

const ARROWS: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] };

function isEditable(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * Mouse, touch, wheel, pinch and keyboard input -> view changes in cameraState. DOM listeners only record
 * intent; step() (called every frame) applies held keys and inertia, so motion is frame-rate independent.
 */
export class ViewController {
  private pointers = new Map<number, PointerSample>();
  private dragVelocity: Velocity = { yaw: 0, pitch: 0 };
  private inertia: Velocity = { yaw: 0, pitch: 0 };
  private lastMoveAt = 0;
  private pinchDistance = 0;
  private keys = new Set<string>();

  constructor(private readonly env: ViewControllerEnv) {}

  get interacting(): boolean {
    return this.pointers.size > 0 || this.keys.size > 0;
  }

  attach(element: HTMLElement): () => void {
    // Without touch-action none the browser scrolls or zooms the page instead of sending pointer moves.
    element.style.touchAction = 'none';
    const opts = { passive: false } as const;
    const down = (e: PointerEvent) => this.onDown(e, element);
    const move = (e: PointerEvent) => this.onMove(e);
    const up = (e: PointerEvent) => this.onUp(e);
    const wheel = (e: WheelEvent) => {
      e.preventDefault(); // the page must not scroll while zooming the panorama
      noteUserInput();
      zoomBy(wheelZoomFactor(e.deltaY, e.deltaMode));
      this.env.requestFrame();
    };
    const keydown = (e: KeyboardEvent) => this.onKey(e, true);
    const keyup = (e: KeyboardEvent) => this.onKey(e, false);
    const blur = () => this.keys.clear();
    element.addEventListener('pointerdown', down);
    element.addEventListener('pointermove', move);
    element.addEventListener('pointerup', up);
    element.addEventListener('pointercancel', up);
    element.addEventListener('wheel', wheel, opts);
    window.addEventListener('keydown', keydown);
    window.addEventListener('keyup', keyup);
    window.addEventListener('blur', blur);
    return () => {
      element.removeEventListener('pointerdown', down);
      element.removeEventListener('pointermove', move);
      element.removeEventListener('pointerup', up);
      element.removeEventListener('pointercancel', up);
      element.removeEventListener('wheel', wheel);
      window.removeEventListener('keydown', keydown);
      window.removeEventListener('keyup', keyup);
      window.removeEventListener('blur', blur);
    };
  }

  /** Applies inertia and held keys; returns true while the view is still moving. */
  step(dtSeconds: number): boolean {
    const dt = Math.min(dtSeconds, 0.1); // a backgrounded tab must not jump on return
    let moving = false;
    if (this.keys.size > 0) {
      let yaw = 0;
      let pitch = 0;
      for (const key of this.keys) {
        const arrow = ARROWS[key];
        if (arrow) [yaw, pitch] = [yaw + arrow[0], pitch + arrow[1]];
      }
      const speed = KEY_ROTATE_SPEED * (cameraState.fov / DEFAULT_FOV) * dt;
      if (yaw || pitch) {
        this.rotate(yaw * speed, pitch * speed);
        noteUserInput();
        moving = true;
      }
    }
    if (this.pointers.size === 0 && (this.inertia.yaw || this.inertia.pitch)) {
      this.rotate(this.inertia.yaw * dt, this.inertia.pitch * dt);
      this.inertia = decayVelocity(this.inertia, dt);
      moving = true;
    }
    return moving;
  }

  stop(): void {
    this.inertia = { yaw: 0, pitch: 0 };
  }

  private rotate(dYaw: number, dPitch: number): void {
    if (cameraState.gyroActive) this.env.onGyroYawDrag(dYaw);
    else rotateBy(dYaw, dPitch);
  }

  private onDown(e: PointerEvent, element: HTMLElement): void {
    if (e.pointerType === 'mouse' && e.button !== 0) return;
    element.setPointerCapture?.(e.pointerId);
    this.pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    this.inertia = { yaw: 0, pitch: 0 };
    this.dragVelocity = { yaw: 0, pitch: 0 };
    this.lastMoveAt = e.timeStamp;
    this.pinchDistance = this.currentPinchDistance();
    noteUserInput();
  }

  private onMove(e: PointerEvent): void {
    const previous = this.pointers.get(e.pointerId);
    if (!previous) return;
    const now = { x: e.clientX, y: e.clientY };
    this.pointers.set(e.pointerId, now);
    noteUserInput();
    if (this.pointers.size >= 2) {
      const distance = this.currentPinchDistance();
      zoomBy(pinchZoomFactor(this.pinchDistance, distance));
      this.pinchDistance = distance;
    } else {
      const delta = dragToRotation(now.x - previous.x, now.y - previous.y, this.env.verticalFov(), this.env.viewportHeight());
      this.rotate(delta.yaw, delta.pitch);
      this.dragVelocity = trackVelocity(this.dragVelocity, delta, (e.timeStamp - this.lastMoveAt) / 1000);
      this.lastMoveAt = e.timeStamp;
    }
    this.env.requestFrame();
  }

  private onUp(e: PointerEvent): void {
    if (!this.pointers.delete(e.pointerId)) return;
    this.pinchDistance = this.currentPinchDistance();
    // Inertia only from a moving release: holding still before letting go means "stop here".
    if (this.pointers.size === 0 && e.timeStamp - this.lastMoveAt < 80) this.inertia = { ...this.dragVelocity };
    this.env.requestFrame();
  }

  private currentPinchDistance(): number {
    const [a, b] = [...this.pointers.values()];
    return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0;
  }

  private onKey(e: KeyboardEvent, down: boolean): void {
    if (!down) {
      this.keys.delete(e.key);
      return;
    }
    if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || isEditable(e.target)) return;
    if (ARROWS[e.key]) {
      e.preventDefault(); // arrows would scroll the page
      this.keys.add(e.key);
      this.env.requestFrame();
    } else if (e.key === '+' || e.key === '=') {
      zoomIn();
    } else if (e.key === '-' || e.key === '_') {
      zoomOut();
    } else if (e.key === 'PageUp' || e.key === 'PageDown') {
      e.preventDefault();
      noteUserInput();
      this.env.onStep(e.key === 'PageDown' ? 1 : -1);
    } else {
      return;
    }
    this.env.requestFrame();
  }
}

