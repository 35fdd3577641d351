import { useEffect, useState } from 'react';
import { useSnapshot } from '../../state/store.ts';
import { PanoramaScene } from '../PanoramaScene.tsx';
import { cameraState, setView, zoomIn, zoomOut } from '../state/cameraStore.ts';
import { enterVR, exitVR } from '../xr/xrLoader.ts';
import { devTour } from './devTour.ts';

declare global {
  interface Window {
    __harnessLog?: string[];
    __sceneHarness?: { setView: typeof setView; setIndex: (i: number) => void; camera: typeof cameraState; exitVR: typeof exitVR };
  }
}

/**
 * Development page for the scene (/src/scene/dev/harness.html, dev server only): query parameters index, yaw, pitch, fov, reduced=1,
 * autorotate=1, autopilot=1, autopilotAngle, tags=false, markers=0 (hide markers), fade=ms, budgetMB, gyro=1, ui=0 (hide the button bar). Callbacks are logged to window.__harnessLog for scene-check.mjs.
 */
export function SceneHarness() {
  const query = new URLSearchParams(location.search);
  const [index, setIndex] = useState(Number(query.get('index') ?? 0));
  const view = useSnapshot(cameraState);
  const log = (line: string) => (window.__harnessLog ??= []).push(line);

  useEffect(() => {
    const num = (k: string) => (query.has(k) ? Number(query.get(k)) : undefined);
    setView({ yaw: num('yaw'), pitch: num('pitch'), fov: num('fov') });
    window.__sceneHarness = { setView, setIndex, camera: cameraState, exitVR };
    return () => {
      delete window.__sceneHarness;
    };
  }, []);

  const go = (panoramaId: string) => setIndex(Math.max(0, devTour.findIndex((p) => p.objectId === panoramaId)));
  const button = { padding: '6px 10px', marginRight: 6 };
  return (
    <div style={{ position: 'fixed', inset: 0 }}>
      <PanoramaScene
        panoramas={devTour}
        index={index}
        options={{
          autorotate: query.get('autorotate') === '1',
          autopilot: query.get('autopilot') === '1',
          autopilotAngle: query.has('autopilotAngle') ? Number(query.get('autopilotAngle')) : undefined,
          reducedMotion: query.get('reduced') === '1' ? true : undefined,
          markerFilter: query.get('tags') === 'false' ? 'tagsOnly' : 'all',
          showMarkers: query.get('markers') !== '0',
          transitionMs: query.has('fade') ? Number(query.get('fade')) : undefined,
          tileBudgetMB: query.has('budgetMB') ? Number(query.get('budgetMB')) : undefined,
          gyro: query.get('gyro') === '1',
        }}
        onFirstPixels={(id) => log(`firstPixels:${id}`)}
        onReady={(id) => log(`ready:${id}`)}
        onMarkerClick={(m) => log(`marker:${m.objectId}`)}
        onNavigate={(r) => {
          log(`navigate:${JSON.stringify(r)}`);
          if (r.kind === 'panorama') go(r.panoramaId);
          if (r.kind === 'step') setIndex((i) => (i + r.step + devTour.length) % devTour.length);
        }}
        onError={(e, id) => log(`error:${id}:${e.message}`)}
      />
      <div hidden={query.get('ui') === '0'} style={{ position: 'absolute', left: 8, bottom: 8, font: '12px system-ui', color: '#fff', background: 'rgba(0,0,0,.5)', padding: 6 }}>
        <button style={button} onClick={() => setIndex((i) => (i + devTour.length - 1) % devTour.length)}>prev</button>
        <button style={button} onClick={() => setIndex((i) => (i + 1) % devTour.length)}>next</button>
        <button style={button} onClick={zoomIn}>+</button>
        <button style={button} onClick={zoomOut}>-</button>
        <button style={button} data-testid="enter-vr" onClick={() => void enterVR().then((ok) => log(`vr:${ok}`), (e: Error) => log(`vr-error:${e.message}`))}>VR</button>
        <button style={button} onClick={() => void exitVR()}>exit VR</button>
        <span>yaw {view.yaw.toFixed(1)} pitch {view.pitch.toFixed(1)} fov {view.fov.toFixed(0)}</span>
      </div>
    </div>
  );
}
