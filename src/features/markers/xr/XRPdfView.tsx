import { Container, Image } from '@react-three/uikit';
import { ICONS } from '../../xr/kit/icons.ts';
import { PanelButton } from '../../xr/kit/PanelButton.tsx';
import { PANEL_FONT, PANEL_TEXT_COLOR } from '../../xr/kit/PanelFrame.tsx';
import { PanelText } from '../../xr/kit/PanelText.tsx';
import { isRtl } from '../../xr/kit/textCanvas.ts';
import { pageCounter, type XRPanelLabels } from './panelModel.ts';
import { usePdfPages } from './usePdfPages.ts';

export interface XRPdfViewProps {
  url: string;
  lang: string;
  width: number;
  /** The page's box: it keeps this height while a page is drawn, so the buttons under it stay put under the ray. */
  height: number;
  labels: XRPanelLabels;
}

/** A PDF on the panel, a page at a time: the page, Previous / Next and "Page 1 of 3" in the visitor's language. */
export function XRPdfView({ url, lang, width, height, labels }: XRPdfViewProps) {
  const pdf = usePdfPages(url);
  const rtl = isRtl(lang);
  if (pdf.failed) return <PanelText text={labels.noLongerAvailable} target="marker:pdf-failed" lang={lang} width={width} fontSize={PANEL_FONT.body} color="#f0b72f" />;
  const image = pdf.image;
  const pageWidth = image ? Math.min(width, height * image.aspect) : 0;
  return (
    <Container flexDirection="column" gap={12} width={width}>
      <Container flexDirection="row" justifyContent="center" alignItems="center" width={width} height={height}>
        {image && <Image src={image.texture} width={pageWidth} height={pageWidth / image.aspect} borderRadius={4} pointerEvents="none" />}
      </Container>
      {pdf.count > 0 && (
        <Container flexDirection={rtl ? 'row-reverse' : 'row'} justifyContent="space-between" alignItems="center" width={width}>
          <PanelButton label={labels.previousPage} lang={lang} icon={rtl ? ICONS.next : ICONS.previous} labelWidth={200} fontSize={PANEL_FONT.button} maxLines={2} onClick={() => pdf.step(-1)} target="marker:previous-page" />
          <PanelText text={pageCounter(labels, pdf.page, pdf.count, lang)} target="marker:page-counter" lang={lang} width={200} fontSize={PANEL_FONT.body} color={PANEL_TEXT_COLOR} align="center" maxLines={1} />
          <PanelButton label={labels.nextPage} lang={lang} icon={rtl ? ICONS.previous : ICONS.next} labelWidth={200} fontSize={PANEL_FONT.button} maxLines={2} onClick={() => pdf.step(1)} target="marker:next-page" />
        </Container>
      )}
    </Container>
  );
}
