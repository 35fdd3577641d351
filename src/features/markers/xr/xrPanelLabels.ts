import type { i18n as I18n } from 'i18next';
import { labelsFrom, type XRPanelLabels } from './panelModel.ts';

/**
 * The in-world panel's button labels in the visitor's language. The R3F tree has no React context from the
 * page, so labels travel as props; the 'markers' catalog is asked for here and English stands in until it
 * has arrived. Templates (the image counter) come back with their placeholders, filled by the panel.
 */
export function xrPanelLabels(i18n: I18n): XRPanelLabels {
  const current = () => {
    const t = i18n.getFixedT(null, 'markers') as unknown as (key: string, options: { skipInterpolation: boolean }) => string;
    return labelsFrom((key) => t(key, { skipInterpolation: true }));
  };
  if (i18n.hasLoadedNamespace('markers')) return current();
  // The panel swaps in the translations when they arrive (the viewer does not re-render for a catalog).
  return { ...current(), translated: i18n.loadNamespaces('markers').then(current, () => current()) };
}
