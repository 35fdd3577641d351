// The panorama scene as a lazy chunk: three.js, React Three Fiber, the tile code and zod (the tile manifest's schema)
// stay out of the viewer's entry chunk, which then starts sooner while the page's CSS poster shows (the
// initial-JS budget, checked by tests/e2e/entry-budget.spec.ts). app/startScene.ts starts the download as soon as the entry
// runs on a viewer route, so it overlaps React's start-up and the language catalog instead of following them.
import { type ComponentType, type CSSProperties, lazy, Suspense, useEffect, useRef } from 'react';
import type * as SceneModuleType from './PanoramaScene.tsx';
import type { PanoramaSceneProps } from './PanoramaScene.tsx';

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

/** A chunk that never came is told as the scene's error (the viewer then takes the poster away and says so). */
function failedScene(error: unknown): ComponentType<PanoramaSceneProps> {
  const failure = error instanceof Error ? error : new Error(String(error));
  return function SceneNotLoaded(props: PanoramaSceneProps) {
    const latest = useRef(props);
    latest.current = props;
    // Once: the viewer passes a fresh onError on every render.
    useEffect(() => {
      const { onError, panoramas, index } = latest.current;
      (onError ?? console.error)(failure, panoramas[index]?.objectId ?? '');
    }, []);
    return <div className={props.className} style={{ ...placeholderStyle, ...props.style }} />;
  };
}

const Scene = lazy(() => loadPanoramaScene().then((m) => ({ default: m.PanoramaScene }), (error: unknown) => ({ default: failedScene(error) })));

// The scene's own container style, so nothing moves when the chunk arrives.
const placeholderStyle: CSSProperties = { position: 'relative', width: '100%', height: '100%', overflow: 'hidden', background: '#101014' };

/** The panorama viewer (PanoramaScene.tsx), loaded on first use; an empty box of the same size until then. */
export function PanoramaScene(props: PanoramaSceneProps) {
  return (
    <Suspense fallback={<div className={props.className} style={{ ...placeholderStyle, ...props.style }} />}>
      <Scene {...props} />
    </Suspense>
  );
}
