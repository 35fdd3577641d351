import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The owner's promotion header (owner setting showPromotionHeader); the visitor can close it for this visit. Its
 * height is published on the viewer as --atrium-promo-block, by which panels.css moves what stands at the top down
 * (a long translation on a phone wraps to two lines).
 */
export function PromotionBar() {
  const { t } = useTranslation('panels');
  const [open, setOpen] = useState(true);
  const bar = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    const el = bar.current;
    const viewer = el?.parentElement;
    if (!el || !viewer) return undefined;
    const publish = () => viewer.style.setProperty('--atrium-promo-block', `${Math.ceil(el.getBoundingClientRect().height)}px`);
    publish();
    const observer = new ResizeObserver(publish);
    observer.observe(el);
    return () => {
      observer.disconnect();
      viewer.style.removeProperty('--atrium-promo-block');
    };
  }, [open]);
  if (!open) return null;
  return (
    <aside ref={bar} className="atrium-promo" aria-label={t('promo.label')} data-testid="promotion-bar">
      <a href="/" target="_blank" rel="noreferrer">{t('promo.text')}</a>
      <button type="button" aria-label={t('panel.close')} data-testid="promotion-close" onClick={() => setOpen(false)}>✕</button>
    </aside>
  );
}
