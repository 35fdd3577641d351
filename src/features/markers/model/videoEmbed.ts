// Recognises the video hosts whose pages cannot play in a <video> element and turns their links into the hosts'
// own embed addresses; everything else is played directly (mp4) or through hls.js (.m3u8).

export type VideoSource =
  | { kind: 'embed'; host: 'youtube' | 'vimeo' | 'dailymotion'; url: string }
  | { kind: 'hls'; url: string }
  | { kind: 'file'; url: string };

/** The embed address of a YouTube, Vimeo or Dailymotion link, or null for other links. */
export function videoEmbed(link: string): { host: 'youtube' | 'vimeo' | 'dailymotion'; url: string } | null {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.replace(/^(www\.|m\.)/, '');
  const id = /^[\w-]+$/;
  if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    const v = url.searchParams.get('v') ?? url.pathname.match(/^\/(?:embed|shorts|live)\/([\w-]+)/)?.[1];
    return v && id.test(v) ? { host: 'youtube', url: `https://www.youtube-nocookie.com/embed/${v}` } : null;
  }
  if (host === 'youtu.be') {
    const v = url.pathname.slice(1);
    return id.test(v) ? { host: 'youtube', url: `https://www.youtube-nocookie.com/embed/${v}` } : null;
  }
  if (host === 'vimeo.com' || host === 'player.vimeo.com') {
    const v = url.pathname.match(/(\d+)(?:\/|$)/)?.[1];
    return v ? { host: 'vimeo', url: `https://player.vimeo.com/video/${v}` } : null;
  }
  if (host === 'dailymotion.com' || host === 'dai.ly') {
    const v = host === 'dai.ly' ? url.pathname.slice(1) : url.pathname.match(/\/(?:embed\/)?video\/([a-zA-Z0-9]+)/)?.[1];
    return v && id.test(v) ? { host: 'dailymotion', url: `https://www.dailymotion.com/embed/video/${v}` } : null;
  }
  return null;
}

/** How a video link plays. */
export function videoSource(link: string): VideoSource {
  const embed = videoEmbed(link);
  if (embed) return { kind: 'embed', ...embed };
  if (/\.m3u8(\?|#|$)/i.test(link)) return { kind: 'hls', url: link };
  return { kind: 'file', url: link };
}
