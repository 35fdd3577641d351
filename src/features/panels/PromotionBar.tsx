import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The owner's promotion header (owner setting showPromotionHeader); the visitor can close it for this visit. */
export function PromotionBar() {
  const { t } = useTranslation('panels');
  const [open, setOpen] = useState(true);
  if (!open) return null;
  return (
    <aside className="atrium-promo" aria-label={t('promo.label')} data-testid="promotion-bar">
      <a href="/" target="_blank" rel="noreferrer">{t('promo.text')}</a>
      <button type="button" aria-label={t('panel.close')} data-testid="promotion-close" onClick={() => setOpen(false)}>✕</button>
    </aside>
  );
}
