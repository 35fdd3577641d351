import { Container } from '@react-three/uikit';
import { PANEL_FONT, PANEL_MUTED_COLOR, PANEL_TEXT_COLOR } from '../../xr/kit/PanelFrame.tsx';
import { PanelText } from '../../xr/kit/PanelText.tsx';
import type { InfoRow } from '../buildingInfoModel.ts';

interface Props {
  rows: readonly InfoRow[];
  lang: string;
  width: number;
}

/**
 * Labelled values, a small muted label above each value: the in-world form of the flat panels' <dl>. An address or
 * a Latin name keeps its own direction in an Arabic interface (the kit's text canvas sees to it), right-aligned.
 */
export function XRFacts({ rows, lang, width }: Props) {
  return (
    <Container flexDirection="column" gap={18} width={width}>
      {rows.map((row) => (
        <Container key={row.key} flexDirection="column" gap={4}>
          <PanelText text={row.label} lang={lang} width={width} fontSize={PANEL_FONT.small} fontWeight={700} color={PANEL_MUTED_COLOR} maxLines={1} />
          <PanelText text={row.value} lang={lang} width={width} fontSize={PANEL_FONT.body} color={PANEL_TEXT_COLOR} maxLines={3} />
        </Container>
      ))}
    </Container>
  );
}
