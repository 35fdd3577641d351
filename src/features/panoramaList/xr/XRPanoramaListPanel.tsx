import { Container } from '@react-three/uikit';
import { PANEL_FONT, PANEL_MUTED_COLOR } from '../../xr/kit/PanelFrame.tsx';
import { PanelButton } from '../../xr/kit/PanelButton.tsx';
import { PanelText } from '../../xr/kit/PanelText.tsx';
import { isRtl } from '../../xr/kit/textCanvas.ts';
import type { XRPanelViewProps } from '../../xr/registry.ts';
import type { XRPanoramaListVM } from '../panoramaListModel.ts';

/**
 * The panorama list in VR: every panorama of the tour, a page at a time, including those no arrow in the scene
 * leads to; the wearer's panorama is marked. Choosing one goes there and closes the list, so the new place is seen.
 */
export default function XRPanoramaListPanel({ vm, lang, width, close }: XRPanelViewProps<XRPanoramaListVM>) {
  const row = isRtl(lang) ? 'row-reverse' : 'row';
  return (
    <Container flexDirection="column" gap={10} width={width}>
      {vm.entries.map((entry) => (
        <PanelButton key={entry.objectId} label={`${entry.name} · ${entry.room}`} lang={lang} labelWidth={width - 48} fontSize={PANEL_FONT.button}
          variant={entry.current ? 'selected' : 'default'} target={`panoramas:${entry.index}`}
          onClick={() => {
            vm.act.select(entry.index);
            close();
          }} />
      ))}
      {vm.pages > 1 && (
        <Container flexDirection={row} gap={10} alignItems="center">
          <PanelButton label={vm.previous} lang={lang} labelWidth={160} fontSize={PANEL_FONT.button} onClick={() => vm.act.page(vm.page - 1)} target="panoramas:previous" />
          <PanelText text={vm.pageLabel} lang={lang} width={120} fontSize={PANEL_FONT.small} color={PANEL_MUTED_COLOR} maxLines={1} align="center" />
          <PanelButton label={vm.next} lang={lang} labelWidth={160} fontSize={PANEL_FONT.button} onClick={() => vm.act.page(vm.page + 1)} target="panoramas:next" />
        </Container>
      )}
    </Container>
  );
}
