import { useEffect, useState } from 'react';
import { closeArView, openArView } from '../arEvents.ts';

/** The AR page of an arMakerTag at the owner's width; announces open/close (see arEvents.ts). */
export function ArView({ markerId, url, widthPercent, title }: { markerId: string; url: string; widthPercent: number; title: string }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const detail = { markerId, url };
    const opened = openArView(detail);
    setShown(opened);
    return () => {
      if (opened) closeArView(detail);
    };
  }, [markerId, url]);
  if (!shown) return null;
  return (
    <iframe
      className="atrium-marker-frame"
      style={{ width: `${widthPercent}%` }}
      src={url}
      title={title}
      allow="camera; xr-spatial-tracking; fullscreen"
      sandbox="allow-scripts allow-same-origin allow-popups allow-forms"
      data-testid="ar-frame"
    />
  );
}
