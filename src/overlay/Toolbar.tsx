import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type HeightMeasure, usePublishedHeight } from '../state/usePublishedHeight.ts';

/**
 * How far from the bottom the toolbar reaches (its height and margin), published as --atrium-toolbar-block. On a phone
 * the toolbar wraps to two or three rows; what sits above it (the panorama list, the chat and lounge buttons, the
 * cookie banner, "Powered by") is placed from this figure instead of a fixed guess. A toolbar down the side (the
 * partner layout) takes no room at the bottom.
 */
const toolbarBlock: HeightMeasure<HTMLDivElement> = (bar) => {
  const style = getComputedStyle(bar);
  return style.flexDirection === 'column' ? null : bar.offsetHeight + parseFloat(style.bottom || '0');
};

export interface ToolbarProps {
  position: { index: number; count: number };
  onPrevious: () => void;
  onNext: () => void;
  onZoomIn: () => void;
  onZoomOut: () => void;
  fullscreen: { visible: boolean; active: boolean; toggle: () => void };
  vr: { visible: boolean; active: boolean; toggle: () => void };
  gyro: { visible: boolean; active: boolean; toggle: () => void };
  autorotate: { active: boolean; toggle: () => void };
  /** Buttons of lazily loaded features (search...), after the built-in ones. */
  children?: ReactNode;
}

/** The flat-screen controls. Every button has a label; the same actions are on the keyboard (see the scene). */
export function Toolbar(p: ToolbarProps) {
  const { t } = useTranslation();
  const ref = usePublishedHeight('--atrium-toolbar-block', toolbarBlock);
  return (
    <div ref={ref} className="atrium-toolbar" role="toolbar" aria-label={t('toolbar.menu')}>
      <button type="button" onClick={p.onPrevious} aria-label={t('nav.previous-panorama')} data-testid="prev">‹</button>
      <span className="atrium-toolbar__position" aria-live="polite" data-testid="position">
        {t('nav.panorama-position', { index: p.position.index + 1, count: p.position.count })}
      </span>
      <button type="button" onClick={p.onNext} aria-label={t('nav.next-panorama')} data-testid="next">›</button>
      <span className="atrium-toolbar__sep" />
      <button type="button" onClick={p.onZoomOut} aria-label={t('toolbar.zoom-out')}>−</button>
      <button type="button" onClick={p.onZoomIn} aria-label={t('toolbar.zoom-in')}>+</button>
      <button type="button" onClick={p.autorotate.toggle} aria-pressed={p.autorotate.active} aria-label={p.autorotate.active ? t('toolbar.auto-rotate-stop') : t('toolbar.auto-rotate-start')} data-testid="autorotate">⟳</button>
      {p.gyro.visible && (
        <button type="button" onClick={p.gyro.toggle} aria-pressed={p.gyro.active} aria-label={p.gyro.active ? t('toolbar.gyro-off') : t('toolbar.gyro-on')} data-testid="gyro">◎</button>
      )}
      {p.fullscreen.visible && (
        <button type="button" onClick={p.fullscreen.toggle} aria-pressed={p.fullscreen.active} aria-label={p.fullscreen.active ? t('toolbar.exit-fullscreen') : t('toolbar.fullscreen')} data-testid="fullscreen">⛶</button>
      )}
      {p.vr.visible && (
        // The visible label is a catalog word too ("RV" in Spanish): every language's names for the button contain it,
        // so a visitor who says what they see ("click VR") reaches it by voice (label in name).
        <button type="button" onClick={p.vr.toggle} aria-pressed={p.vr.active} aria-label={p.vr.active ? t('toolbar.exit-vr') : t('toolbar.enter-vr')} data-testid="vr">{t('toolbar.vr')}</button>
      )}
      {p.children}
    </div>
  );
}
