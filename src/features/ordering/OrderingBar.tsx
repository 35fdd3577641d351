import { useId } from 'react';
import { useSnapshot } from '../../state/store.ts';
import { failureMessage, orderLine } from './orderingMessages.ts';
import { choosePriceType, ordering } from './orderingStore.ts';
import { useOrderingText } from './useOrderingText.ts';

/** The retailer's state: the current price type (a choice when the account has several) and the orders in progress. */
export function OrderingBar() {
  const store = useSnapshot(ordering);
  const { text, lang } = useOrderingText();
  const selectId = useId();
  const state = store.state;
  const current = state?.priceTypes.find((p) => p.id === state.currentPriceTypeId);
  return (
    <section className="atrium-ordering-bar" data-testid="ordering-bar" aria-label={text({ key: 'ordering.title', tone: 'info' })} aria-busy={store.status === 'starting' || store.switching}>
      <h2 className="atrium-ordering-title">{text({ key: 'ordering.title', tone: 'info' })}</h2>
      {store.status === 'starting' && <p data-testid="ordering-starting">{text({ key: 'ordering.starting', tone: 'info' })}</p>}
      {state && (
        <>
          <p className="atrium-ordering-retailer">{text({ key: 'ordering.retailer', values: { retailer: state.retailerId }, tone: 'info' })}</p>
          {state.priceTypes.length > 1 ? (
            <label className="atrium-ordering-price" htmlFor={selectId}>
              <span>{text({ key: 'ordering.price-type', tone: 'info' })}</span>
              <select
                id={selectId}
                data-testid="ordering-price-type"
                value={state.currentPriceTypeId ?? ''}
                disabled={store.switching}
                onChange={(e) => void choosePriceType(e.target.value)}
              >
                {state.priceTypes.map((p) => <option key={p.id} value={p.id}>{p.currency ? `${p.name} (${p.currency})` : p.name}</option>)}
              </select>
            </label>
          ) : current && (
            <p data-testid="ordering-price-type-only">{text({ key: 'ordering.price-type-current', values: { name: current.name, currency: current.currency }, tone: 'info' })}</p>
          )}
          <ul className="atrium-ordering-orders" data-testid="ordering-orders">
            {state.orders.length === 0 && <li>{text({ key: 'ordering.no-orders', tone: 'info' })}</li>}
            {state.orders.map((o) => <li key={o.id} data-order-id={o.id}>{text(orderLine(o, state, lang))}</li>)}
          </ul>
        </>
      )}
      {store.failure && (
        <p className="atrium-ordering-message is-error" role="alert" data-testid="ordering-failure">{text(failureMessage(store.failure))}</p>
      )}
    </section>
  );
}
