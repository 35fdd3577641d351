import { Container } from '@react-three/uikit';
import { useEffect } from 'react';
import type { Marker } from '../../../protocol/tour.ts';
import { useSnapshot } from '../../../state/store.ts';
import { ICONS } from '../../xr/kit/icons.ts';
import { PanelButton } from '../../xr/kit/PanelButton.tsx';
import { PANEL_FONT, PANEL_TEXT_COLOR } from '../../xr/kit/PanelFrame.tsx';
import { PanelText } from '../../xr/kit/PanelText.tsx';
import { isRtl } from '../../xr/kit/textCanvas.ts';
import { orderControl, type Message } from '../orderingMessages.ts';
import { addToOrder, ordering } from '../orderingStore.ts';

export interface XRAddToOrderProps {
  marker: Marker;
  lang: string;
  width: number;
  /** The 'ordering' catalog's sentence of a message (the R3F tree has no React context from the page). */
  text: (message: Message) => string;
}

const TONE_COLORS: Record<Message['tone'], string> = { info: PANEL_TEXT_COLOR, success: '#7ee787', error: '#ff9b92' };

/**
 * The retailer's part of the in-world marker panel, from the same store and messages as the flat panel: the current
 * price type, "Add to order" (a ray or a pinch) and the outcome of the last press.
 */
export function XRAddToOrder({ marker, lang, width, text }: XRAddToOrderProps) {
  const store = useSnapshot(ordering);
  const control = orderControl(marker, store, lang);
  const message = control?.message ?? null;
  useEffect(() => {
    // The canvas shows no DOM: the message on show, for tests and support tools.
    if (!message) return;
    document.documentElement.dataset.xrOrderingMessage = message.key;
    return () => {
      delete document.documentElement.dataset.xrOrderingMessage;
    };
  }, [message]);
  if (!control) return null;
  const state = store.state;
  const current = state?.priceTypes.find((p) => p.id === state.currentPriceTypeId);
  return (
    <Container flexDirection="column" gap={12}>
      {current && (
        <PanelText text={text({ key: 'ordering.price-type-current', values: { name: current.name, currency: current.currency }, tone: 'info' })} lang={lang} width={width} fontSize={PANEL_FONT.body} color={PANEL_TEXT_COLOR} maxLines={2} />
      )}
      <Container flexDirection={isRtl(lang) ? 'row-reverse' : 'row'}>
        <PanelButton
          variant="primary" label={text(control.label)} lang={lang} icon={ICONS.cart} labelWidth={340} fontSize={PANEL_FONT.button}
          onClick={() => !control.disabled && void addToOrder(marker.objectId)} target="ordering:add"
        />
      </Container>
      {message && <PanelText text={text(message)} lang={lang} width={width} fontSize={PANEL_FONT.body} color={TONE_COLORS[message.tone]} maxLines={4} />}
    </Container>
  );
}
