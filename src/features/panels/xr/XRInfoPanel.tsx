import { Container } from '@react-three/uikit';
import { PANEL_FONT, PANEL_MUTED_COLOR, PANEL_TEXT_COLOR } from '../../xr/kit/PanelFrame.tsx';
import { PanelText } from '../../xr/kit/PanelText.tsx';
import type { XRPanelViewProps } from '../../xr/registry.ts';
import type { InfoViewModel } from '../infoModel.ts';

/** The information panel in VR: the same view model as InfoPanel, drawn with the in-world kit. */
export default function XRInfoPanel({ vm, lang, width }: XRPanelViewProps<InfoViewModel>) {
  return (
    <Container flexDirection="column" gap={16}>
      <PanelText text={vm.name} lang={lang} width={width} fontSize={PANEL_FONT.body} fontWeight={700} color="#ffffff" maxLines={2} />
      {vm.description && <PanelText text={vm.description} lang={lang} width={width} fontSize={PANEL_FONT.body} color={PANEL_TEXT_COLOR} maxLines={12} />}
      {vm.credits && (
        <Container flexDirection="column" gap={6}>
          <PanelText text={vm.creditsLabel} lang={lang} width={width} fontSize={PANEL_FONT.small} fontWeight={700} color={PANEL_MUTED_COLOR} maxLines={1} />
          <PanelText text={vm.credits} lang={lang} width={width} fontSize={PANEL_FONT.small} color={PANEL_TEXT_COLOR} maxLines={4} />
        </Container>
      )}
    </Container>
  );
}
