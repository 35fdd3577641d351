import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePublishedHeight } from '../../state/usePublishedHeight.ts';

/**
 * The owner's promotion header (owner setting showPromotionHeader); the visitor can close it for this visit. Its
 * height is published on the viewer as --atrium-promo-block, by which panels.css moves what stands at the top down
 * (a long translation on a phone wraps to two lines).
 */
export function PromotionBar() {
  const { t } = useTranslation('panels');
  const [open, setOpen] = useState(true);
  const bar = usePublishedHeight<HTMLElement>('--atrium-promo-block');
  if (!open) return null;
  return (
    <aside ref={bar} className="atrium-promo" aria-label={t('promo.label')} data-testid="promotion-bar">
      <a href="/" target="_blank" rel="noreferrer">{t('promo.text')}</a>
      <button type="button" aria-label={t('panel.close')} data-testid="promotion-close" onClick={() => setOpen(false)}>✕</button>
    </aside>
  );
}
