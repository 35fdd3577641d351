import { Container } from '@react-three/uikit';
import { PANEL_FONT, PANEL_MUTED_COLOR, PANEL_TEXT_COLOR } from '../../xr/kit/PanelFrame.tsx';
import { PanelButton } from '../../xr/kit/PanelButton.tsx';
import { PanelText } from '../../xr/kit/PanelText.tsx';
import { isRtl } from '../../xr/kit/textCanvas.ts';
import type { XRPanelViewProps } from '../../xr/registry.ts';
import type { XRFavouritesData } from '../model/xrFavouritesModel.ts';

export type XRFavouritesPanelVM = XRFavouritesData & {
  act: { go(key: string): void; remove(key: string): void; undo(): void; page(page: number): void };
};

/** The favourites in VR: the same view model as the flat dialog, a page at a time; go there and remove by ray. */
export default function XRFavouritesPanel({ vm, lang, width, close }: XRPanelViewProps<XRFavouritesPanelVM>) {
  const row = isRtl(lang) ? 'row-reverse' : 'row';
  return (
    <Container flexDirection="column" gap={12} width={width}>
      {vm.empty && <PanelText text={vm.empty} lang={lang} width={width} fontSize={PANEL_FONT.body} color={PANEL_TEXT_COLOR} maxLines={3} />}
      {vm.rows.map((fav, index) => (
        <Container key={fav.key} flexDirection="column" gap={4} width={width} backgroundColor="#161b22" borderRadius={14} padding={10}>
          <PanelText text={fav.title} lang={lang} width={width - 20} fontSize={PANEL_FONT.body} fontWeight={700} color={PANEL_TEXT_COLOR} maxLines={1} />
          <PanelText text={fav.line} lang={lang} width={width - 20} fontSize={PANEL_FONT.small} color={PANEL_MUTED_COLOR} maxLines={1} />
          {fav.note && <PanelText text={fav.note} lang={lang} width={width - 20} fontSize={PANEL_FONT.small} color="#f0b72f" maxLines={2} />}
          <Container flexDirection={row} gap={8}>
            {fav.canGo && (
              <PanelButton label={vm.goThere} lang={lang} labelWidth={200} fontSize={PANEL_FONT.button} variant="primary" target={`favourites:go:${index}`}
                onClick={() => {
                  vm.act.go(fav.key);
                  close();
                }} />
            )}
            <PanelButton label={vm.remove} lang={lang} labelWidth={200} fontSize={PANEL_FONT.button} variant="danger" target={`favourites:remove:${index}`}
              onClick={() => vm.act.remove(fav.key)} />
          </Container>
        </Container>
      ))}
      {vm.undo && (
        <Container flexDirection={row} gap={10} alignItems="center">
          <PanelText text={vm.undo.text} lang={lang} width={width - 240} fontSize={PANEL_FONT.small} color={PANEL_TEXT_COLOR} maxLines={2} />
          <PanelButton label={vm.undo.label} lang={lang} labelWidth={180} fontSize={PANEL_FONT.button} onClick={vm.act.undo} target="favourites:undo" />
        </Container>
      )}
      {vm.pages > 1 && (
        <Container flexDirection={row} gap={10} alignItems="center">
          <PanelButton label={vm.previous} lang={lang} labelWidth={160} fontSize={PANEL_FONT.button} onClick={() => vm.act.page(vm.page - 1)} target="favourites:previous" />
          <PanelText text={vm.pageLabel} lang={lang} width={120} fontSize={PANEL_FONT.small} color={PANEL_MUTED_COLOR} maxLines={1} align="center" />
          <PanelButton label={vm.next} lang={lang} labelWidth={160} fontSize={PANEL_FONT.button} onClick={() => vm.act.page(vm.page + 1)} target="favourites:next" />
        </Container>
      )}
    </Container>
  );
}
