import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  images: string[];
  alt: string;
  /** Galleries offer the full-screen view; tag photos stay small. */
  allowFullscreen?: boolean;
}

const SWIPE_PX = 40;

/** Images one at a time: arrow buttons, keyboard arrows, pointer swipe and (for galleries) full screen. */
export function ImageCarousel({ images, alt, allowFullscreen = false }: Props) {
  const { t } = useTranslation('markers');
  const [index, setIndex] = useState(0);
  const [broken, setBroken] = useState<ReadonlySet<number>>(new Set());
  const frame = useRef<HTMLDivElement>(null);
  const swipeFrom = useRef<number | null>(null);
  const count = images.length;
  if (count === 0) return null;
  const at = Math.min(index, count - 1);
  const go = (step: number) => setIndex((i) => (Math.min(i, count - 1) + step + count) % count);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') go(document.dir === 'rtl' ? 1 : -1);
    else if (event.key === 'ArrowRight') go(document.dir === 'rtl' ? -1 : 1);
    else return;
    event.preventDefault();
  };
  const onPointerDown = (event: PointerEvent) => {
    swipeFrom.current = event.clientX;
  };
  const onPointerUp = (event: PointerEvent) => {
    if (swipeFrom.current === null) return;
    const dx = event.clientX - swipeFrom.current;
    swipeFrom.current = null;
    if (Math.abs(dx) >= SWIPE_PX) go(dx < 0 ? 1 : -1);
  };
  const fullscreen = () => {
    const el = frame.current;
    if (!el) return;
    if (document.fullscreenElement) void document.exitFullscreen();
    else void el.requestFullscreen?.().catch(() => undefined);
  };

  return (
    <div className="atrium-carousel" role="group" aria-roledescription="carousel" aria-label={alt} onKeyDown={onKeyDown}>
      <div
        ref={frame}
        className="atrium-carousel-frame"
        tabIndex={0}
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => (swipeFrom.current = null)}
        data-testid="carousel-frame"
      >
        {broken.has(at) ? (
          <p className="atrium-marker-gone">{t('markers.no-longer-available')}</p>
        ) : (
          <img
            src={images[at]}
            alt={t('markers.image-of', { index: at + 1, count, name: alt })}
            draggable={false}
            onError={() => setBroken((b) => new Set(b).add(at))}
            data-testid="carousel-image"
          />
        )}
      </div>
      {count > 1 && (
        <div className="atrium-carousel-controls">
          <button type="button" onClick={() => go(-1)} aria-label={t('markers.previous-image')} data-testid="carousel-prev">‹</button>
          <span aria-live="polite" data-testid="carousel-position">{t('markers.image-position', { index: at + 1, count })}</span>
          <button type="button" onClick={() => go(1)} aria-label={t('markers.next-image')} data-testid="carousel-next">›</button>
        </div>
      )}
      {allowFullscreen && document.fullscreenEnabled && (
        <button type="button" className="atrium-marker-secondary" onClick={fullscreen} data-testid="carousel-fullscreen">
          {t('markers.full-screen')}
        </button>
      )}
    </div>
  );
}
