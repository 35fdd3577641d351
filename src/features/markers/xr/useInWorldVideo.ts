import { useEffect, useRef, useState } from 'react';
import { SRGBColorSpace, VideoTexture } from 'three';
import type { VideoSource } from '../model/videoEmbed.ts';

// A marker's video as a texture of the in-world panel. The <video> element lives (hidden) in the page, because a
// headset shows only the canvas; its frames reach the panel through a THREE.VideoTexture that three.js refreshes on
// every frame it draws. Hosts' players (YouTube, Vimeo, Dailymotion) are cross-origin pages, not video files: their
// frames cannot become a texture, so those stay a link that asks before leaving VR.

export interface InWorldVideo {
  texture: VideoTexture | null;
  /** Width / height of the picture (16:9 until the metadata arrives). */
  aspect: number;
  playing: boolean;
  muted: boolean;
  /** Seconds; duration is 0 until known (a live stream keeps it unknown). */
  currentTime: number;
  duration: number;
  /** The video cannot be played (gone, refused, or a format the headset lacks). */
  failed: boolean;
  toggle(): void;
  toggleSound(): void;
}

/** Whether a source can play inside the panel: files and HLS streams, not the hosts' embedded players. */
export function playsInWorld(source: VideoSource | null): source is Exclude<VideoSource, { kind: 'embed' }> {
  return source !== null && source.kind !== 'embed';
}

/**
 * A cross-origin video must be fetched with CORS, or the browser refuses to upload its frames to WebGL (a tainted
 * texture). This site's own files (the media gate's /media URLs) are fetched plainly, as the flat player does.
 */
function crossOriginFor(url: string): 'anonymous' | null {
  try {
    return new URL(url, location.href).origin === location.origin ? null : 'anonymous';
  } catch {
    return null;
  }
}

/** Attaches an HLS stream: natively where the browser plays it, else through hls.js (loaded only then). */
function attachHls(element: HTMLVideoElement, url: string, onFatal: () => void): () => void {
  if (element.canPlayType('application/vnd.apple.mpegurl') !== '') {
    element.src = url;
    return () => undefined;
  }
  let destroyed = false;
  let player: { destroy(): void } | null = null;
  void Promise.all([import('hls.js'), import('hls.js/dist/hls.worker.js?url')]).then(([{ default: Hls }, { default: workerPath }]) => {
    if (destroyed) return;
    if (!Hls.isSupported()) {
      element.src = url;
      return;
    }
    const hls = new Hls({ workerPath, enableWorker: true });
    player = hls;
    hls.on(Hls.Events.ERROR, (_event, data) => {
      if (data.fatal) {
        onFatal();
        hls.destroy();
      }
    });
    hls.loadSource(url);
    hls.attachMedia(element);
  }, onFatal);
  return () => {
    destroyed = true;
    player?.destroy();
  };
}

/**
 * Plays `source` into a texture while the panel is open. It starts only when the wearer presses Play, with sound
 * (the press is the page's user activation); if the browser still refuses sound it plays muted, the one kind of
 * playback every browser allows, and the wearer can turn sound on. When the marker asks for autoplay, it starts
 * muted on opening for the same reason. Closing the panel pauses it, empties the element and frees the texture.
 */
export function useInWorldVideo(source: VideoSource | null, autoplay: boolean, testId = 'xr-marker-video'): InWorldVideo {
  const url = playsInWorld(source) ? source.url : null;
  const kind = source?.kind ?? null;
  const element = useRef<HTMLVideoElement | null>(null);
  const [texture, setTexture] = useState<VideoTexture | null>(null);
  const [state, setState] = useState({ aspect: 16 / 9, playing: false, muted: false, currentTime: 0, duration: 0, failed: false });

  useEffect(() => {
    if (!url) return undefined;
    const video = document.createElement('video');
    video.dataset.testid = testId;
    video.playsInline = true;
    video.preload = 'auto';
    video.crossOrigin = crossOriginFor(url);
    // Focusable and painted, yet invisible behind the canvas: some browsers stop decoding a detached or hidden video.
    video.style.cssText = 'position:fixed;left:0;top:0;width:1px;height:1px;opacity:0;pointer-events:none;z-index:-1;';
    document.body.appendChild(video);
    element.current = video;
    const made = new VideoTexture(video);
    made.colorSpace = SRGBColorSpace;
    setTexture(made);
    const sync = () => setState({
      aspect: video.videoWidth > 0 && video.videoHeight > 0 ? video.videoWidth / video.videoHeight : 16 / 9,
      playing: !video.paused && !video.ended,
      muted: video.muted,
      currentTime: video.currentTime,
      duration: Number.isFinite(video.duration) ? video.duration : 0,
      failed: false,
    });
    const fail = () => setState((s) => ({ ...s, playing: false, failed: true }));
    const events = ['loadedmetadata', 'play', 'pause', 'ended', 'timeupdate', 'volumechange', 'durationchange'] as const;
    for (const name of events) video.addEventListener(name, sync);
    video.addEventListener('error', fail);
    const detach = kind === 'hls' ? attachHls(video, url, fail) : ((video.src = url), () => undefined);
    if (autoplay) {
      video.muted = true;
      video.play().catch(() => undefined);
    }
    return () => {
      for (const name of events) video.removeEventListener(name, sync);
      video.removeEventListener('error', fail);
      video.pause();
      detach();
      video.removeAttribute('src');
      video.load(); // drops the buffered media and the network connection
      video.remove();
      made.dispose();
      element.current = null;
      setTexture(null);
      setState({ aspect: 16 / 9, playing: false, muted: false, currentTime: 0, duration: 0, failed: false });
    };
  }, [url, kind, autoplay, testId]);

  const toggle = () => {
    const video = element.current;
    if (!video) return;
    if (!video.paused && !video.ended) {
      video.pause();
      return;
    }
    video.play().catch((error: unknown) => {
      // No user activation for sound: play muted instead (always allowed); other refusals leave it paused.
      if (error instanceof DOMException && error.name === 'NotAllowedError' && !video.muted) {
        video.muted = true;
        video.play().catch(() => undefined);
      }
    });
  };
  const toggleSound = () => {
    const video = element.current;
    if (video) video.muted = !video.muted;
  };
  return { texture: url ? texture : null, ...state, toggle, toggleSound };
}
