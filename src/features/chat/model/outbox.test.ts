import { afterEach, describe, expect, it } from 'vitest';
import { newClientId, Outbox, type PendingMessage } from './outbox.ts';

describe('the outbox', () => {
  const made: Outbox[] = [];
  afterEach(() => { for (const o of made.splice(0)) o.stop(); });
  const outbox = (opts: Partial<ConstructorParameters<typeof Outbox>[0]> = {}) => {
    const o = new Outbox({ onChange: () => {}, ...opts });
    made.push(o);
    return o;
  };

  it('keeps messages in the order written until each is stored, and hands the oldest one not refused first', () => {
    const o = outbox();
    const a = o.add({ clientId: 'aaaaaaaa', conversationId: 'c', type: 'text', body: 'a' });
    o.add({ clientId: 'bbbbbbbb', conversationId: 'c', type: 'text', body: 'b' });
    expect(o.nextToSend()?.clientId).toBe(a.clientId);
    o.refuse('aaaaaaaa', 'VALIDATION_FAILED', 'too long');
    expect(o.nextToSend()?.clientId).toBe('bbbbbbbb');
    expect(o.list().map((p) => p.status)).toEqual(['refused', 'sending']);
    o.retry('aaaaaaaa');
    expect(o.list()[0]).toMatchObject({ status: 'sending' });
    expect(o.list()[0]!.error).toBeUndefined();
    o.remove('aaaaaaaa');
    expect(o.list().map((p) => p.clientId)).toEqual(['bbbbbbbb']);
  });

  it('survives a reload through what it keeps, and shows a message taking too long as not sent', async () => {
    let kept: PendingMessage[] = [];
    const keep = { load: () => kept, save: (p: PendingMessage[]) => { kept = p; } };
    let now = 1000;
    const first = outbox({ keep, now: () => now, notSentAfterMs: 50 });
    first.add({ clientId: 'cccccccc', conversationId: 'c', type: 'text', body: 'typed before the reload' });
    now += 2000;
    await new Promise((r) => setTimeout(r, 1100));
    expect(first.list()[0]!.status).toBe('not-sent');
    const second = outbox({ keep, now: () => now });
    expect(second.list()).toMatchObject([{ clientId: 'cccccccc', body: 'typed before the reload', status: 'sending' }]);
  });

  it('makes ids the server accepts', () => {
    const ids = new Set(Array.from({ length: 100 }, newClientId));
    expect(ids.size).toBe(100);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9]{22}$/);
  });
});
