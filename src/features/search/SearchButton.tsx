import { useTranslation } from 'react-i18next';

interface Props {
  open: boolean;
  onToggle: () => void;
}

/** The toolbar's search button (lazy, like the rest of search: it is not needed to paint the first view). */
export function SearchButton({ open, onToggle }: Props) {
  const { t } = useTranslation('search');
  return (
    <button type="button" onClick={onToggle} aria-pressed={open} aria-label={t('search.open')} title={t('search.open')} data-testid="open-search">
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false" style={{ verticalAlign: 'middle' }}>
        <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2.2" />
        <path d="M15.5 15.5 21 21" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
      </svg>
    </button>
  );
}
