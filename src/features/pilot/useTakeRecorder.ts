// The record control's logic: the microphone and the route recorded together, the limit's automatic stop, the take
// kept in the browser until the server has it, and the upload with its failures (spec sections 4 and 8).
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { HttpError } from '../../api/httpClient.ts';
import type { Recording } from '../../protocol/pilot.ts';
import type { Marker, Tour } from '../../protocol/tour.ts';
import { cameraState } from '../../scene/index.ts';
import { MicError, startMic, type MicCapture } from './micCapture.ts';
import { initialRecorder, recorderReducer, type RecorderState } from './model/recorderMachine.ts';
import { RouteRecorder } from './model/routeRecorder.ts';
import { uploadTake } from './pilotApi.ts';
import { forgetTake, keepTake, keptTake, newClientId, type KeptTake } from './takeStore.ts';

export interface TakeRecorder {
  state: RecorderState;
  /** The title and language of the take waiting to be uploaded (restored with it). */
  take: Pick<KeptTake, 'title' | 'language'> | null;
  start(): void;
  stop(): void;
  upload(details: { title: string; language: string }): void;
  discard(): void;
}

interface Options {
  tour: Tour;
  index: number;
  openMarker: Marker | null;
  limitMs: number;
  defaults: { title: string; language: string };
  onUploaded: (recording: Recording) => void;
}

const view = () => ({ yaw: cameraState.yaw, pitch: cameraState.pitch, fov: cameraState.fov });

export function useTakeRecorder({ tour, index, openMarker, limitMs, defaults, onUploaded }: Options): TakeRecorder {
  const [state, dispatch] = useReducer(recorderReducer, limitMs, initialRecorder);
  const mic = useRef<MicCapture | null>(null);
  const route = useRef<RouteRecorder | null>(null);
  const startedAt = useRef(0);
  const take = useRef<KeptTake | null>(null);
  const latest = useRef({ tour, index, openMarker, defaults, onUploaded });
  latest.current = { tour, index, openMarker, defaults, onUploaded };
  const buildingId = tour.objectId;

  // A take from an earlier visit that never reached the server: offered again, ready to upload.
  useEffect(() => {
    let live = true;
    void keptTake(buildingId).then((kept) => {
      if (!live || !kept) return;
      take.current = kept;
      dispatch({ type: 'restore', elapsedMs: kept.elapsedMs });
    });
    return () => {
      live = false;
      mic.current?.cancel();
      mic.current = null;
    };
  }, [buildingId]);

  const finish = useCallback(async () => {
    const capture = mic.current;
    const recorder = route.current;
    if (!capture || !recorder) return;
    mic.current = null;
    route.current = null;
    const elapsedMs = Math.min(performance.now() - startedAt.current, limitMs);
    const finished = recorder.finish(elapsedMs, view());
    const audio = await capture.stop();
    const { defaults: d } = latest.current;
    take.current = { buildingId, clientId: newClientId(), audio, route: finished, elapsedMs: finished.durationMs, title: d.title, language: d.language };
    await keepTake(take.current);
  }, [buildingId, limitMs]);

  const start = useCallback(() => {
    if (mic.current) return;
    dispatch({ type: 'start' });
    void startMic().then(
      (capture) => {
        const { tour: t, index: at, openMarker: m } = latest.current;
        mic.current = capture;
        route.current = new RouteRecorder(t.panoramas[at]!.objectId, view(), m?.objectId ?? null);
        startedAt.current = performance.now();
        dispatch({ type: 'granted' });
      },
      (error: unknown) => dispatch({ type: 'denied', problem: error instanceof MicError ? error.problem : 'no-microphone' }),
    );
  }, []);

  const stop = useCallback(() => {
    dispatch({ type: 'stop' });
    void finish();
  }, [finish]);

  // While recording: the view sampled every frame (the recorder keeps what it needs), the clock and the limit.
  const recording = state.phase === 'recording';
  useEffect(() => {
    if (!recording) return;
    let frame = 0;
    const sample = () => {
      frame = requestAnimationFrame(sample);
      route.current?.tick(performance.now() - startedAt.current, view());
    };
    frame = requestAnimationFrame(sample);
    const timer = setInterval(() => dispatch({ type: 'tick', elapsedMs: performance.now() - startedAt.current }), 250);
    return () => {
      cancelAnimationFrame(frame);
      clearInterval(timer);
    };
  }, [recording]);

  // The limit reached: the reducer stopped the take; the microphone follows.
  useEffect(() => {
    if (state.phase === 'stopped' && state.autoStopped) void finish();
  }, [state.phase, state.autoStopped, finish]);

  // Panorama changes and marker panels, as they happen.
  const panoramaId = tour.panoramas[index]?.objectId;
  useEffect(() => {
    if (recording && panoramaId) route.current?.panorama(performance.now() - startedAt.current, panoramaId, view());
  }, [recording, panoramaId]);
  const markerId = openMarker?.objectId ?? null;
  useEffect(() => {
    if (recording) route.current?.marker(performance.now() - startedAt.current, markerId);
  }, [recording, markerId]);

  const upload = useCallback((details: { title: string; language: string }) => {
    dispatch({ type: 'upload' });
    void (async () => {
      // The take may still be being written (a stop a moment ago).
      for (let i = 0; i < 50 && !take.current; i++) await new Promise((r) => setTimeout(r, 100));
      const kept = take.current;
      if (!kept) return dispatch({ type: 'upload-failed', problem: 'upload-failed' });
      take.current = { ...kept, ...details };
      await keepTake(take.current);
      try {
        const made = await uploadTake({ ...take.current, buildingId });
        await forgetTake(buildingId);
        take.current = null;
        dispatch({ type: 'uploaded' });
        latest.current.onUploaded(made);
      } catch (error) {
        if (error instanceof HttpError && error.status === 401) return dispatch({ type: 'upload-failed', problem: 'relogin' });
        if (error instanceof HttpError && error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429) {
          return dispatch({ type: 'upload-failed', problem: 'refused', detail: error.body?.message ?? error.message });
        }
        dispatch({ type: 'upload-failed', problem: 'upload-failed' });
      }
    })();
  }, [buildingId]);

  const discard = useCallback(() => {
    take.current = null;
    void forgetTake(buildingId);
    dispatch({ type: 'discard' });
  }, [buildingId]);

  return { state, take: take.current ? { title: take.current.title, language: take.current.language } : null, start, stop, upload, discard };
}
