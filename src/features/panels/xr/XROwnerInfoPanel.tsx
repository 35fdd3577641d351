import { Container, type VanillaContainer } from '@react-three/uikit';
import { useRef } from 'react';
import type { Object3D } from 'three';
import { PANEL_FONT, PANEL_MUTED_COLOR } from '../../xr/kit/PanelFrame.tsx';
import { PanelText } from '../../xr/kit/PanelText.tsx';
import { useXRTarget } from '../../xr/kit/xrTargets.ts';
import type { XRPanelViewProps } from '../../xr/registry.ts';
import type { OwnerInfoViewModel } from '../ownerInfoModel.ts';
import { XRFacts } from './XRFacts.tsx';

/**
 * Owner info in VR: the same contact as OwnerInfoPanel. The email is shown to read or note, not as a link: opening
 * a mail program would drop the wearer out of the session.
 */
export default function XROwnerInfoPanel({ vm, lang, width }: XRPanelViewProps<OwnerInfoViewModel>) {
  const contact = useRef<VanillaContainer>(null);
  // Tests see that the contact (not the loading line) is on the panel.
  useXRTarget(vm.state === 'ready' ? 'owner:contact' : undefined, contact as unknown as { current: Object3D | null });
  if (vm.state !== 'ready') {
    return <PanelText text={vm.message} lang={lang} width={width} fontSize={PANEL_FONT.body} color={PANEL_MUTED_COLOR} maxLines={2} />;
  }
  return (
    <Container ref={contact} flexDirection="column" width={width}>
      <XRFacts rows={vm.email ? [...vm.rows, vm.email] : vm.rows} lang={lang} width={width} />
    </Container>
  );
}
