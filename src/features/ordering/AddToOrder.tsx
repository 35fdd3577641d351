import { useEffect, useRef } from 'react';
import type { Marker } from '../../protocol/tour.ts';
import { useSnapshot } from '../../state/store.ts';
import { orderControl } from './orderingMessages.ts';
import { addToOrder, ordering } from './orderingStore.ts';
import { useOrderingText } from './useOrderingText.ts';
import './ordering.css';

/** "Add to order" in a tag marker's panel, for a retailer, with the outcome of the last press (section 8's messages). */
export function AddToOrder({ marker }: { marker: Marker }) {
  const store = useSnapshot(ordering);
  const { text, lang } = useOrderingText();
  const control = orderControl(marker, store, lang);
  const box = useRef<HTMLDivElement>(null);
  const shown = control?.message ? text(control.message) : null;
  // The button sits under the marker's photos and text: the outcome of a press is brought into view.
  useEffect(() => {
    if (shown) box.current?.scrollIntoView({ block: 'nearest' });
  }, [shown]);
  if (!control) return null;
  const message = control.message;
  return (
    <div ref={box} className="atrium-ordering-add" data-testid="add-to-order-box">
      <button type="button" className="atrium-ordering-add-button" data-testid="add-to-order" disabled={control.disabled} aria-busy={control.busy} onClick={() => void addToOrder(marker.objectId)}>
        {text(control.label)}
      </button>
      {message && (
        <p className={`atrium-ordering-message is-${message.tone}`} role={message.tone === 'error' ? 'alert' : 'status'} data-testid="add-to-order-message" data-tone={message.tone}>
          {shown}
        </p>
      )}
    </div>
  );
}
