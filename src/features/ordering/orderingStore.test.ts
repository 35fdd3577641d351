import { beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError, NetworkError } from '../../api/httpClient.ts';
import type { OrderingApi } from '../../api/ordering.ts';
import type { AddToOrderAnswer, OrderingState } from '../../protocol/ordering.ts';
import { addToOrder, ordering, resetOrdering, startOrdering, useOrderingApiForTests } from './orderingStore.ts';

const state: OrderingState = {
  service: 'staging', accountId: 'A', retailerId: 'R', currentPriceTypeId: 'USD', priceTypes: [{ id: 'USD', name: 'USD', currency: 'USD' }],
  collections: [{ id: 'C1', name: 'Spring' }], orders: [],
};
const entry = { service: 'staging' as const, accountId: 'A', retailerId: 'R', code: 'c0de' };

function fakeApi(over: Partial<OrderingApi> = {}): OrderingApi {
  return { start: vi.fn(async () => state), state: vi.fn(async () => state), setPriceType: vi.fn(async () => state), add: vi.fn(), ...over };
}

beforeEach(() => resetOrdering());

describe('the init sequence from the page', () => {
  it('exchanges the code once, with the page minus code and session_state as redirect_uri', async () => {
    const api = fakeApi();
    useOrderingApiForTests(api);
    const page = 'https://atrium.example/T1?service=staging&account=A&retailer=R&session_state=s&code=c0de';
    await Promise.all([startOrdering(entry, page), startOrdering(entry, page)]);
    expect(api.start).toHaveBeenCalledTimes(1);
    expect(api.start).toHaveBeenCalledWith({ service: 'staging', accountId: 'A', retailerId: 'R', code: 'c0de', redirectUri: 'https://atrium.example/T1?service=staging&account=A&retailer=R' });
    expect(ordering.status).toBe('ready');
  });

  it('resumes the kept session after a reload (no code in the address)', async () => {
    const api = fakeApi();
    useOrderingApiForTests(api);
    await startOrdering({ ...entry, code: null }, 'https://atrium.example/T1?account=A&retailer=R');
    expect(api.start).not.toHaveBeenCalled();
    expect(api.state).toHaveBeenCalledTimes(1);
    expect(ordering.state).toEqual(state);
  });

  it('shows nothing when the server has no platform, and the reason when the start failed', async () => {
    useOrderingApiForTests(fakeApi({ start: vi.fn(async () => Promise.reject(new HttpError(503, { code: 'ORDERING_OFF', message: 'off' }))) }));
    await startOrdering(entry, 'https://atrium.example/T1?account=A&retailer=R&code=c0de');
    expect(ordering.status).toBe('off');
    resetOrdering();
    useOrderingApiForTests(fakeApi({ start: vi.fn(async () => Promise.reject(new HttpError(401, { code: 'ORDERING_CODE_REJECTED', message: 'no' }))) }));
    await startOrdering(entry, 'https://atrium.example/T1?account=A&retailer=R&code=c0de');
    expect(ordering).toMatchObject({ status: 'failed', failure: { code: 'ORDERING_CODE_REJECTED' } });
  });
});

describe('add to order', () => {
  it('keeps the collections\' names the answer does not repeat, and the outcome per marker', async () => {
    const answer = { created: true, state: { ...state, collections: [] }, order: { id: 'O1' } } as unknown as AddToOrderAnswer;
    useOrderingApiForTests(fakeApi({ add: vi.fn(async () => answer) }));
    await startOrdering(entry, 'https://atrium.example/T1?account=A&retailer=R&code=c0de');
    await addToOrder('m1');
    expect(ordering.state?.collections).toEqual([{ id: 'C1', name: 'Spring' }]);
    expect(ordering.results.m1).toMatchObject({ ok: true });
    expect(ordering.adding.m1).toBeUndefined();
  });

  it('reads the platform\'s words from an ORDERING_FAILED answer; a lost connection is a failure of its own', async () => {
    const refused = new HttpError(502, { code: 'ORDERING_FAILED', message: 'A B', details: { platformMessages: ['A', 'B'] } });
    const add = vi.fn<OrderingApi['add']>().mockRejectedValueOnce(refused).mockRejectedValueOnce(new NetworkError('offline'));
    useOrderingApiForTests(fakeApi({ add }));
    await startOrdering(entry, 'https://atrium.example/T1?account=A&retailer=R&code=c0de');
    await addToOrder('m1');
    expect(ordering.results.m1).toEqual({ ok: false, failure: { code: 'ORDERING_FAILED', platformMessage: 'A B' } });
    await addToOrder('m1');
    expect(ordering.results.m1).toEqual({ ok: false, failure: { code: 'NETWORK', platformMessage: null } });
    expect(ordering.status).toBe('ready');
  });
});
