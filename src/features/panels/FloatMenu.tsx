import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PanelId } from './panelIds.ts';

interface Props {
  panels: readonly PanelId[];
  open: PanelId | null;
  narrow: boolean;
  onToggle: (panel: PanelId) => void;
  /** Entries of other features after the panels (the account's "Sign in" / profile); closeMenu closes the narrow menu. */
  extra?: (inMenu: boolean, closeMenu: () => void) => ReactNode;
}

const ICONS: Record<PanelId, string> = { info: 'ℹ', building: '⌂', owner: '✉', floorplan: '▦', location: '⌖', share: '⤴', theme: '◐' };

/** Round buttons down the inline-end edge; on narrow screens one "menu" button lists them instead. */
export function FloatMenu({ panels, open, narrow, onToggle, extra }: Props) {
  const { t } = useTranslation('panels');
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  useEffect(() => { if (!narrow) setMenuOpen(false); }, [narrow]);
  if (panels.length === 0) return null;
  const button = (panel: PanelId, inMenu: boolean) => (
    <button
      key={panel}
      type="button"
      className={inMenu ? 'atrium-mobile-menu__item' : undefined}
      aria-pressed={open === panel}
      aria-label={inMenu ? undefined : t(`${panel}.title`)}
      title={inMenu ? undefined : t(`${panel}.title`)}
      data-testid={`open-${panel}`}
      onClick={() => {
        if (inMenu) setMenuOpen(false);
        onToggle(panel);
      }}
    >
      <span aria-hidden="true">{ICONS[panel]}</span>
      {inMenu && <span>{t(`${panel}.title`)}</span>}
    </button>
  );
  if (!narrow) return <nav className="atrium-floatmenu" aria-label={t('menu.label')} data-testid="float-menu">{panels.map((p) => button(p, false))}{extra?.(false, () => {})}</nav>;
  return (
    <nav className="atrium-floatmenu atrium-floatmenu--narrow" aria-label={t('menu.label')} data-testid="float-menu">
      <button ref={menuButton} type="button" aria-expanded={menuOpen} aria-controls="atrium-mobile-menu" aria-label={t('menu.open')} data-testid="open-menu" onClick={() => setMenuOpen((o) => !o)}>☰</button>
      {menuOpen && (
        <div
          id="atrium-mobile-menu"
          className="atrium-mobile-menu"
          data-testid="mobile-menu"
          onKeyDown={(e) => {
            if (e.key !== 'Escape') return;
            setMenuOpen(false);
            menuButton.current?.focus();
          }}
        >
          {panels.map((p) => button(p, true))}
          {extra?.(true, () => setMenuOpen(false))}
        </div>
      )}
    </nav>
  );
}
