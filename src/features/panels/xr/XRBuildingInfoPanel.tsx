import { Container } from '@react-three/uikit';
import { PANEL_FONT } from '../../xr/kit/PanelFrame.tsx';
import { PanelText } from '../../xr/kit/PanelText.tsx';
import type { XRPanelViewProps } from '../../xr/registry.ts';
import type { BuildingInfoViewModel } from '../buildingInfoModel.ts';
import { XRFacts } from './XRFacts.tsx';

/** Building info in VR: the same facts as BuildingInfoPanel, drawn with the in-world kit. */
export default function XRBuildingInfoPanel({ vm, lang, width }: XRPanelViewProps<BuildingInfoViewModel>) {
  return (
    <Container flexDirection="column" gap={20} width={width}>
      <PanelText text={vm.name} lang={lang} width={width} fontSize={PANEL_FONT.body} fontWeight={700} color="#ffffff" maxLines={2} />
      <XRFacts rows={vm.rows} lang={lang} width={width} />
    </Container>
  );
}
