import { Container } from '@react-three/uikit';
import { ICONS } from '../../xr/kit/icons.ts';
import { PanelButton, labelWidthFor } from '../../xr/kit/PanelButton.tsx';
import { PANEL_FONT, PANEL_MUTED_COLOR } from '../../xr/kit/PanelFrame.tsx';
import { PanelText } from '../../xr/kit/PanelText.tsx';
import { isRtl } from '../../xr/kit/textCanvas.ts';
import type { XRPanelViewProps } from '../../xr/registry.ts';
import type { ThemeOption, ThemePickerViewModel } from '../themePickerModel.ts';

const GAP = 16;

/**
 * The theme picker in VR: the same choices as the flat dialog, two to a row (eight buttons in one column would stand
 * taller than the view), each with its colour as a dot, the chosen one marked. The viewer's colours change at once,
 * as on the flat screen.
 */
export default function XRThemePanel({ vm, lang, width }: XRPanelViewProps<ThemePickerViewModel>) {
  const row = isRtl(lang) ? 'row-reverse' : 'row';
  const half = Math.floor((width - GAP) / 2);
  const rows: ThemeOption[][] = [];
  for (let i = 0; i < vm.options.length; i += 2) rows.push(vm.options.slice(i, i + 2));
  return (
    <Container flexDirection="column" gap={GAP} width={width}>
      <PanelText text={vm.hint} lang={lang} width={width} fontSize={PANEL_FONT.small} color={PANEL_MUTED_COLOR} maxLines={2} />
      {rows.map((pair) => (
        <Container key={pair[0]!.name ?? 'tour'} flexDirection={row} gap={GAP}>
          {pair.map((option) => (
            <PanelButton key={option.name ?? 'tour'} label={option.label} lang={lang} icon={ICONS.dot} iconColor={option.colour}
              labelWidth={labelWidthFor(half, PANEL_FONT.button, true)} fontSize={PANEL_FONT.button} minWidth={half}
              variant={option.selected ? 'selected' : 'default'} target={`theme:${option.name ?? 'tour'}`} onClick={() => vm.choose(option.name)} />
          ))}
        </Container>
      ))}
    </Container>
  );
}
