// The panorama scene as a lazy chunk: three.js, React Three Fiber, the tile code and zod (the tile manifest's schema)
// stay out of the viewer's entry chunk, which then starts sooner while the page's CSS poster shows (the
// initial-JS budget, checked by tests/e2e/entry-budget.spec.ts). app/startScene.ts starts the download as soon as the entry
// runs on a viewer route, so it overlaps React's start-up and the language catalog instead of following them.
import { Component, type CSSProperties, lazy, type ReactNode, Suspense } from 'react';
import type * as SceneModuleType from './PanoramaScene.tsx';
import type { PanoramaSceneProps } from './PanoramaScene.tsx';
import { SceneFailure } from './sceneFailure.ts';

type SceneModule = typeof SceneModuleType;
let loading: Promise<SceneModule> | null = null;

/** Starts (once) the scene chunk's download; a failed load (offline) may be tried again. */
export function loadPanoramaScene(): Promise<SceneModule> {
  loading ??= import('./PanoramaScene.tsx').catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

// A chunk that never came is thrown at render and told as the scene's error by the boundary below.
const Scene = lazy(() => loadPanoramaScene().then((m) => ({ default: m.PanoramaScene }), (error: unknown) => {
  throw new SceneFailure('not-loaded', error);
}));

// The scene's own container style, so nothing moves when the chunk arrives.
const placeholderStyle: CSSProperties = { position: 'relative', width: '100%', height: '100%', overflow: 'hidden', background: '#101014' };

/** The panorama viewer (PanoramaScene.tsx), loaded on first use; an empty box of the same size until then. */
export function PanoramaScene(props: PanoramaSceneProps) {
  const box = <div className={props.className} style={{ ...placeholderStyle, ...props.style }} />;
  return (
    <SceneBoundary props={props} fallback={box}>
      <Suspense fallback={box}>
        <Scene {...props} />
      </Suspense>
    </SceneBoundary>
  );
}

/**
 * Whatever stops the scene (its chunk, a refused WebGL context, a crash) is told through onError as a SceneFailure,
 * and the empty box stays: without it React would unmount the whole viewer, controls and all, and leave the page's
 * poster on screen as a picture that never moves.
 */
class SceneBoundary extends Component<{ props: PanoramaSceneProps; fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    const { onError, panoramas, index } = this.props.props;
    const failure = error instanceof SceneFailure ? error : new SceneFailure('crashed', error);
    (onError ?? console.error)(failure, panoramas[index]?.objectId ?? '');
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
