import { createRoot, events, extend, type ReconcilerRoot, type RenderProps, type RootState } from '@react-three/fiber';
import { Component, type CSSProperties, type ReactNode, Suspense, useInsertionEffect, useLayoutEffect, useRef, useState } from 'react';
import { Group, Mesh, MeshBasicMaterial } from 'three';
import { SceneFailure } from './sceneFailure.ts';

/*
 * Why not R3F's <Canvas>: it registers the whole THREE namespace as JSX elements (extend(THREE)), which keeps
 * every export of three in the bundle (~125 KB minified that the viewer never uses). The scene draws its
 * panorama imperatively and only needs these elements; lazily loaded parts (xr/XRLayer.tsx) extend the
 * catalogue with what they render themselves. A JSX element missing here fails loudly at runtime
 * ("<x> is not part of the THREE namespace"), so add it when the scene starts using a new one.
 */
extend({ Group, Mesh, MeshBasicMaterial });

export type SceneCanvasProps = Omit<RenderProps<HTMLCanvasElement>, 'size' | 'events'> & {
  children: ReactNode;
  style?: CSSProperties;
};

interface Size { width: number; height: number; top: number; left: number }

/**
 * A <canvas> that fills its parent and renders R3F children: R3F's own Canvas minus what the viewer does not
 * use (context bridge, scroll tracking, suspending the parent). Errors inside the scene are rethrown here so
 * the app's error handling sees them, as with <Canvas> (LazyPanoramaScene's boundary reports them as onError).
 */
export function SceneCanvas({ children, style, onCreated, ...config }: SceneCanvasProps) {
  const container = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const root = useRef<ReconcilerRoot<HTMLCanvasElement> | null>(null);
  const latestOnCreated = useRef(onCreated);
  latestOnCreated.current = onCreated;
  const [size, setSize] = useState<Size | null>(null);
  const [error, setError] = useState<unknown>(null);
  if (error) throw error;

  useLayoutEffect(() => {
    const div = container.current!;
    const measure = () => {
      const r = div.getBoundingClientRect();
      setSize((s) => (s && s.width === r.width && s.height === r.height && s.top === r.top && s.left === r.left ? s : { width: r.width, height: r.height, top: r.top, left: r.left }));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(div);
    return () => observer.disconnect();
  }, []);

  // Runs after every render, like <Canvas>: configure() applies only what changed.
  useLayoutEffect(() => {
    if (!size || size.width === 0 || size.height === 0 || !canvas.current) return;
    root.current ??= createRoot(canvas.current);
    const onRootCreated = (state: RootState) => {
      // Pointer events are read on the wrapper, as <Canvas> does, so DOM siblings stacked above still work.
      state.events.connect?.(container.current!);
      latestOnCreated.current?.(state);
    };
    // configure() builds the WebGLRenderer: a refused context (blocklisted GPU or driver, a GPU process that gave up)
    // rejects it, and render() then throws the same reason at once. Either way the scene cannot start.
    const cannotStart = (error: unknown) => setError(new SceneFailure('no-webgl', error));
    try {
      root.current.configure({ ...config, events, size, onCreated: onRootCreated }).catch(cannotStart);
      root.current.render(
        <SceneErrorBoundary onError={setError}>
          <Suspense fallback={null}>{children}</Suspense>
        </SceneErrorBoundary>,
      );
    } catch (error) {
      cannotStart(error);
    }
  });

  // An insertion-effect cleanup runs once on real removal, not on StrictMode's effect replay (as in <Canvas>).
  useInsertionEffect(() => () => {
    root.current?.unmount();
    root.current = null;
  }, []);

  return (
    <div ref={container} style={{ position: 'relative', width: '100%', height: '100%', overflow: 'hidden', ...style }}>
      <canvas ref={canvas} style={{ display: 'block' }} />
    </div>
  );
}

class SceneErrorBoundary extends Component<{ onError: (error: unknown) => void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    this.props.onError(error);
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}
