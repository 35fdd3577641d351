import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_TEXT_MAX_CHARACTERS, type ChatMessage, type Conversation, type FaqEntry } from '../../src/protocol/chat.ts';
import { createRepositories } from '../../src/server/db/repositories.ts';
import { AuthService } from '../../src/server/modules/auth/auth.service.ts';
import { identityHeaders, signUpUser } from './support/accounts.ts';
import { askChat, clientId, collect, connectChat, createGuest, ok, waitFor, type TestChatSocket } from './support/chatClient.ts';
import { createTestDatabase, DIALECTS, postgresAvailable, type TestDatabase } from './support/databases.ts';
import { SEED, seedTour } from './support/seedTour.ts';
import { createTestApp, type TestApp } from './support/testApp.ts';

describe.each(DIALECTS)('instant messaging on %s', (dialect) => {
  let db: TestDatabase | undefined;
  let t: TestApp | undefined;
  let baseUrl = '';
  let owner = { headers: {} as Record<string, string>, token: '' };
  const sockets: TestChatSocket[] = [];
  const connect = async (auth: Parameters<typeof connectChat>[1]) => {
    const socket = await connectChat(baseUrl, auth);
    sockets.push(socket);
    return socket;
  };
  const inject = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Record<string, string>, payload?: unknown) =>
    t!.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  const open = async (headers: Record<string, string>, buildingId: string = SEED.tour) => {
    const res = await inject('POST', '/v2/messages/conversations', headers, { buildingId });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Conversation>();
  };
  const list = async (headers: Record<string, string>, query = 'isVisitor=true') =>
    (await inject('GET', `/v2/messages/conversations?${query}`, headers)).json<{ conversations: Conversation[] }>().conversations;

  beforeAll(async () => {
    if (dialect === 'postgres' && !(await postgresAvailable())) return;
    db = await createTestDatabase(dialect);
    await seedTour(db.handle.db);
    await db.handle.db.updateTable('buildings').set({ instantMessagingEnable: 1 }).where('id', 'in', [SEED.tour, SEED.hiddenTour]).execute();
    t = await createTestApp(db.handle);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const repos = createRepositories(db.handle.db);
    const session = await new AuthService(repos).startSession((await repos.users.findById(SEED.user))!);
    owner = { headers: identityHeaders(session), token: session.sessionToken };
  });
  afterEach(() => { for (const s of sockets.splice(0)) s.disconnect(); });
  afterAll(async () => {
    await t?.cleanup();
    await db?.drop();
  });

  it('a guest gives a name and email, opens the conversation with the organiser once, and the owner receives it live', async (ctx) => {
    if (!t) return ctx.skip();
    const guest = await createGuest(t.app, SEED.tour, 'Grace Hopper');
    const first = await open(guest.headers);
    expect(await open(guest.headers)).toMatchObject({ conversationId: first.conversationId });
    expect(first).toMatchObject({ caseName: `Tour ${SEED.tour}`, username: 'Grace Hopper', unread: 0, kind: 'tour', mySide: 'visitor', visitorEmail: null, lastSeq: 0 });

    const ownerSocket = await connect({ sessionToken: owner.token });
    const ownerEvents = collect(ownerSocket, 'message:created');
    const visitor = await connect({ guestToken: guest.guestToken });
    const visitorEvents = collect(visitor, 'message:created');
    const sent = ok(await askChat(visitor, 'message:send', { conversationId: first.conversationId, clientId: clientId(), type: 'text', body: '  Is the garden south-facing? 🌞 <b>x</b>  ' }));
    expect(sent.message).toMatchObject({ seq: 1, type: 'text', body: 'Is the garden south-facing? 🌞 <b>x</b>', side: 'visitor', senderName: 'Grace Hopper' });

    await waitFor(() => ownerEvents.length === 1 && visitorEvents.length === 1, 'both members to hear the message');
    expect(ownerEvents[0]).toMatchObject({
      conversation: { id: first.conversationId, custom: { caseName: `Tour ${SEED.tour}`, visitorName: 'Grace Hopper' } },
      type: 'text', body: sent.message.body, timestamp: sent.message.createdAt, isByMe: false,
      summary: { mySide: 'organiser', lastMessage: sent.message.body, type: 'text' },
    });
    expect(ownerEvents[0]!.summary.visitorEmail).toMatch(/@example\.test$/);
    expect(visitorEvents[0]).toMatchObject({ isByMe: true, summary: { mySide: 'visitor', visitorEmail: null } });

    const inbox = await list(owner.headers, 'isVisitor=false');
    expect(inbox.find((c) => c.conversationId === first.conversationId)).toMatchObject({ unread: 1, lastMessage: sent.message.body, username: 'Grace Hopper' });
    expect((await list(guest.headers)).map((c) => c.conversationId)).toEqual([first.conversationId]);
  });

  it('a resend with the same client id answers the stored message and adds nothing, even after a lost acknowledgement', async (ctx) => {
    if (!t) return ctx.skip();
    const guest = await createGuest(t.app, SEED.tour);
    const { conversationId } = await open(guest.headers);
    const socket = await connect({ guestToken: guest.guestToken });
    const id = clientId();
    const request = { conversationId, clientId: id, type: 'text' as const, body: 'Only once' };
    // Sent three times at once (a retry racing its original) and once more later on a new connection.
    const answers = await Promise.all([1, 2, 3].map(() => askChat(socket, 'message:send', request)));
    const again = await connect({ guestToken: guest.guestToken });
    answers.push(await askChat(again, 'message:send', request));
    const ids = answers.map((a) => ok(a).message.id);
    expect(new Set(ids).size).toBe(1);
    const stored = (await inject('GET', `/v2/messages/conversations/${conversationId}/messages?after=0`, guest.headers)).json<{ messages: ChatMessage[]; lastSeq: number }>();
    expect(stored.messages.map((m) => m.body)).toEqual(['Only once']);
    expect(stored.lastSeq).toBe(1);
    // Someone else reusing the id in the same conversation is refused, not handed the message.
    const ownerSocket = await connect({ sessionToken: owner.token });
    expect(await askChat(ownerSocket, 'message:send', request)).toMatchObject({ ok: false, error: { code: 'CONFLICT' } });
  });

  it('the owner edits FAQ entries per language in order; picking one puts the question and the stored answer in the conversation', async (ctx) => {
    if (!t) return ctx.skip();
    const put = await inject('PUT', `/v2/studio/tours/${SEED.tour}/faqs`, owner.headers, { entries: [
      { questionMulti: { en: 'Opening hours?', fr: "Heures d'ouverture ?" }, answerMulti: { en: '9 to 5, every day.', fr: 'De 9 h à 17 h, tous les jours.' } },
      { questionMulti: { en: 'Parking?' }, answerMulti: { en: 'Two spaces behind the house.', fr: '  ' } },
    ] });
    expect(put.statusCode, put.body).toBe(200);
    const entries = put.json<{ entries: FaqEntry[] }>().entries;
    expect(entries[1]!.answerMulti).toEqual({ en: 'Two spaces behind the house.' });
    // Reordered: the kept entry keeps its id.
    const reordered = (await inject('PUT', `/v2/studio/tours/${SEED.tour}/faqs`, owner.headers, { entries: [entries[1], entries[0]] })).json<{ entries: FaqEntry[] }>().entries;
    expect(reordered.map((e) => e.id)).toEqual([entries[1]!.id, entries[0]!.id]);
    const visible = (await inject('GET', `/v2/messages/FAQ?buildingId=${SEED.tour}`, {})).json<{ entries: { id: string; questionMulti: Record<string, string> }[] }>();
    expect(visible.entries.map((e) => e.questionMulti.en)).toEqual(['Parking?', 'Opening hours?']);
    expect(JSON.stringify(visible)).not.toContain('9 to 5');

    const guest = await createGuest(t.app, SEED.tour);
    const { conversationId } = await open(guest.headers);
    const ownerSocket = await connect({ sessionToken: owner.token });
    const heard = collect(ownerSocket, 'message:created');
    const body = { conversationId, FAQId: entries[0]!.id, FAQIndex: 1, clientId: clientId(), locale: 'fr' };
    const res = await inject('POST', '/v2/messages/FAQ', guest.headers, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      question: { type: 'faq', body: "Heures d'ouverture ?", side: 'visitor', seq: 1, faq: { faqId: entries[0]!.id, index: 1 } },
      answer: { type: 'faq', body: 'De 9 h à 17 h, tous les jours.', side: 'organiser', senderKey: 'faq', seq: 2 },
    });
    // The same pick resent adds nothing.
    expect((await inject('POST', '/v2/messages/FAQ', guest.headers, body)).json().answer.seq).toBe(2);
    await waitFor(() => heard.length === 2, 'the organiser to hear question and answer');
    const [line] = await list(guest.headers);
    expect(line).toMatchObject({ type: 'faq', lastMessage: 'De 9 h à 17 h, tous les jours.', unread: 1 });
    // Another tour's entry, or an unknown one, is refused by field.
    const wrong = await inject('POST', '/v2/messages/FAQ', guest.headers, { ...body, FAQId: 'nope', clientId: clientId() });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json()).toMatchObject({ field: 'FAQId' });
  });

  it('unread counts: what the other side wrote after the read mark; reading marks it, for that person only; news reaches their other tabs', async (ctx) => {
    if (!t) return ctx.skip();
    const guest = await createGuest(t.app, SEED.tour);
    const { conversationId } = await open(guest.headers);
    const visitor = await connect({ guestToken: guest.guestToken });
    const ownerSocket = await connect({ sessionToken: owner.token });
    const ownerOtherTab = await connect({ sessionToken: owner.token });
    const changes = collect(ownerOtherTab, 'conversation:changed');
    const send = (s: TestChatSocket, body: string) => askChat(s, 'message:send', { conversationId, clientId: clientId(), type: 'text', body }).then(ok);
    await send(visitor, 'one');
    await send(visitor, 'two');
    const line = async (headers: Record<string, string>, query: string) => (await list(headers, query)).find((c) => c.conversationId === conversationId)!;
    expect(await line(owner.headers, 'isVisitor=false')).toMatchObject({ unread: 2, readSeq: 0 });
    // The visitor's own messages are never unread for them.
    expect(await line(guest.headers, 'isVisitor=true')).toMatchObject({ unread: 0 });

    expect(ok(await askChat(ownerSocket, 'conversation:read', { conversationId, seq: 2 }))).toEqual({ conversationId, readSeq: 2 });
    await waitFor(() => changes.length === 1, 'the other tab to hear the read');
    expect(changes[0]!.summary).toMatchObject({ conversationId, unread: 0, readSeq: 2 });
    // A late, older read mark does not make anything unread again.
    ok(await askChat(ownerSocket, 'conversation:read', { conversationId, seq: 1 }));
    expect(await line(owner.headers, 'isVisitor=false')).toMatchObject({ unread: 0, readSeq: 2 });

    await send(ownerSocket, 'Yes, it is.');
    expect(await line(guest.headers, 'isVisitor=true')).toMatchObject({ unread: 1, lastMessage: 'Yes, it is.' });
    // Another organiser (a named agent) has their own read mark: everything the visitor wrote is unread for them.
    const agent = await signUpUser(t.app, { username: `agent${clientId().slice(0, 6)}` });
    const named = await inject('PUT', `/v2/studio/tours/${SEED.tour}/chat-agents`, owner.headers, { usernames: [agent.email] });
    expect(named.statusCode, named.body).toBe(200);
    expect(await line(agent.headers, 'isVisitor=false')).toMatchObject({ unread: 2 });
    const unknown = await inject('PUT', `/v2/studio/tours/${SEED.tour}/chat-agents`, owner.headers, { usernames: [agent.email, 'nobody-here'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ field: 'body.usernames.1' });
  });

  it('the organiser marks a conversation done, filters and searches the inbox; the visitor writing again reopens it', async (ctx) => {
    if (!t) return ctx.skip();
    const guest = await createGuest(t.app, SEED.tour, 'Zelda Fitzgerald');
    const { conversationId } = await open(guest.headers);
    const visitor = await connect({ guestToken: guest.guestToken });
    ok(await askChat(visitor, 'message:send', { conversationId, clientId: clientId(), type: 'text', body: 'Is 100% of the roof_new?' }));
    const done = await inject('POST', `/v2/messages/conversations/${conversationId}/status`, owner.headers, { status: 'done' });
    expect(done.json()).toMatchObject({ status: 'done' });
    expect((await list(owner.headers, 'isVisitor=false&status=open')).some((c) => c.conversationId === conversationId)).toBe(false);
    expect((await list(owner.headers, 'isVisitor=false&status=done')).map((c) => c.conversationId)).toContain(conversationId);
    expect((await list(owner.headers, 'isVisitor=false&q=zelda')).map((c) => c.conversationId)).toEqual([conversationId]);
    expect((await list(owner.headers, 'isVisitor=false&q=ROOF_NEW')).map((c) => c.conversationId)).toEqual([conversationId]);
    // Wildcards in the search are plain characters.
    expect((await list(owner.headers, 'isVisitor=false&q=100%25')).map((c) => c.conversationId)).toEqual([conversationId]);
    expect((await list(owner.headers, 'isVisitor=false&q=_%25_x')).length).toBe(0);
    // Only the organiser marks done.
    expect((await inject('POST', `/v2/messages/conversations/${conversationId}/status`, guest.headers, { status: 'done' })).statusCode).toBe(403);
    ok(await askChat(visitor, 'message:send', { conversationId, clientId: clientId(), type: 'text', body: 'One more thing' }));
    expect((await list(owner.headers, 'isVisitor=false&status=open')).map((c) => c.conversationId)).toContain(conversationId);
  });

  it('refuses what it must: strangers, tours without messaging, gated tours for guests, text too long, foreign images', async (ctx) => {
    if (!t) return ctx.skip();
    const guest = await createGuest(t.app, SEED.tour);
    const { conversationId } = await open(guest.headers);
    const stranger = await signUpUser(t.app);
    expect((await inject('GET', `/v2/messages/conversations/${conversationId}/messages`, stranger.headers)).statusCode).toBe(404);
    expect((await inject('GET', '/v2/messages/conversations?isVisitor=true', {})).statusCode).toBe(401);
    expect((await inject('POST', '/v2/messages/conversations', stranger.headers, { buildingId: SEED.offlineTour })).json()).toMatchObject({ code: 'FORBIDDEN', field: 'buildingId' });
    expect((await inject('POST', '/v2/messages/conversations', stranger.headers, { buildingId: SEED.removedTour })).json()).toMatchObject({ code: 'TOUR_NOT_FOUND' });
    await db!.handle.db.updateTable('buildings').set({ requireVisitorData: 1 }).where('id', '=', SEED.hiddenTour).execute();
    const gated = await inject('POST', '/v2/messages/guests', {}, { buildingId: SEED.hiddenTour, name: 'A', email: 'a@example.test' });
    expect(gated.statusCode).toBe(403);
    const badEmail = await inject('POST', '/v2/messages/guests', {}, { buildingId: SEED.tour, name: 'A', email: 'not-an-email' });
    expect(badEmail.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'body.email' });

    const socket = await connect({ guestToken: guest.guestToken });
    const exactly = '👍🏽'.repeat(CHAT_TEXT_MAX_CHARACTERS);
    expect(ok(await askChat(socket, 'message:send', { conversationId, clientId: clientId(), type: 'text', body: exactly })).message.body).toBe(exactly);
    const tooLong = await askChat(socket, 'message:send', { conversationId, clientId: clientId(), type: 'text', body: 'x'.repeat(CHAT_TEXT_MAX_CHARACTERS + 1) });
    expect(tooLong).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED', field: 'body' } });
    const foreign = await askChat(socket, 'message:send', { conversationId, clientId: clientId(), type: 'image', body: '', image: { url: 'https://evil.example/x.png', width: 1, height: 1 } });
    expect(foreign).toMatchObject({ ok: false, error: { field: 'image' } });
    await expect(connectChat(baseUrl, { guestToken: 'not-a-token' })).rejects.toThrow(/UNAUTHENTICATED/);
    // Direct conversations are for people connected in the lounge: a stranger may not start one.
    expect((await inject('POST', '/v2/messages/conversations', stranger.headers, { userId: SEED.user })).statusCode).toBe(403);
  });

  it('people connected in the lounge chat one to one on the same machinery; a block ends it', async (ctx) => {
    if (!t) return ctx.skip();
    const ada = await signUpUser(t.app, { firstName: 'Ada', lastName: 'L' });
    const bob = await signUpUser(t.app, { firstName: 'Bob', lastName: 'M' });
    const pair = [ada.userId, bob.userId].sort().join('|');
    const at = new Date().toISOString();
    await db!.handle.db.insertInto('loungeInvitations').values({ id: clientId(), pairKey: pair, fromUserId: ada.userId, toUserId: bob.userId, buildingId: null, note: '', status: 'pending', createdAt: at, seenAt: null, answeredAt: null }).execute();
    expect((await inject('POST', '/v2/messages/conversations', ada.headers, { userId: bob.userId })).statusCode).toBe(403);
    await db!.handle.db.updateTable('loungeInvitations').set({ status: 'accepted', answeredAt: at }).where('pairKey', '=', pair).execute();
    const opened = await inject('POST', '/v2/messages/conversations', ada.headers, { userId: bob.userId });
    expect(opened.statusCode, opened.body).toBe(200);
    const line = opened.json<Conversation>();
    expect(line).toMatchObject({ kind: 'direct', mySide: 'member', username: 'Bob M', buildingId: null });
    // Either side opening it finds the same conversation.
    expect((await inject('POST', '/v2/messages/conversations', bob.headers, { userId: ada.userId })).json()).toMatchObject({ conversationId: line.conversationId, username: 'Ada L' });

    const bobSocket = await connect({ sessionToken: bob.token });
    const heard = collect(bobSocket, 'message:created');
    const adaSocket = await connect({ sessionToken: ada.token });
    ok(await askChat(adaSocket, 'message:send', { conversationId: line.conversationId, clientId: clientId(), type: 'text', body: 'Coffee at the lounge bar?' }));
    await waitFor(() => heard.length === 1, 'Bob to hear Ada');
    expect(heard[0]).toMatchObject({ isByMe: false, message: { side: 'member', senderName: 'Ada L' }, summary: { username: 'Ada L', kind: 'direct' } });
    expect((await list(bob.headers)).find((c) => c.conversationId === line.conversationId)).toMatchObject({ unread: 1 });
    expect((await list(ada.headers)).find((c) => c.conversationId === line.conversationId)).toMatchObject({ unread: 0 });
    await db!.handle.db.insertInto('loungeBlocks').values({ blockerId: bob.userId, blockedId: ada.userId, createdAt: at }).execute();
    expect((await inject('POST', '/v2/messages/conversations', ada.headers, { userId: bob.userId })).statusCode).toBe(403);
    expect(await askChat(adaSocket, 'message:send', { conversationId: line.conversationId, clientId: clientId(), type: 'text', body: 'Hello?' })).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
  });

  it('images are checked by content, re-encoded smaller without metadata, and sent as a stored image', async (ctx) => {
    if (!t) return ctx.skip();
    const guest = await createGuest(t.app, SEED.tour);
    const { conversationId } = await open(guest.headers);
    const photo = await sharp({ create: { width: 3000, height: 1000, channels: 3, background: '#336699' } }).jpeg().withMetadata({ exif: { IFD0: { Copyright: 'secret place' } } }).toBuffer();
    const upload = await t.app.inject({ method: 'POST', url: '/v2/messages/images', headers: { ...guest.headers, 'content-type': 'image/png' }, payload: photo });
    expect(upload.statusCode, upload.body).toBe(200);
    const image = upload.json<{ url: string; width: number; height: number }>();
    expect(image).toMatchObject({ width: 2048, height: 683 });
    const served = await t.app.inject({ method: 'GET', url: image.url });
    expect(served.statusCode).toBe(200);
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();

    const notImage = await t.app.inject({ method: 'POST', url: '/v2/messages/images', headers: { ...guest.headers, 'content-type': 'image/jpeg' }, payload: Buffer.from('<svg onload=alert(1)>') });
    expect(notImage.statusCode).toBe(415);
    const truncated = await t.app.inject({ method: 'POST', url: '/v2/messages/images', headers: { ...guest.headers, 'content-type': 'image/jpeg' }, payload: photo.subarray(0, photo.length / 2) });
    expect(truncated.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/v2/messages/images', headers: { 'content-type': 'image/jpeg' }, payload: photo })).statusCode).toBe(401);

    const socket = await connect({ guestToken: guest.guestToken });
    const sent = ok(await askChat(socket, 'message:send', { conversationId, clientId: clientId(), type: 'image', body: 'The view', image }));
    expect(sent.message).toMatchObject({ type: 'image', image, body: 'The view' });
  });
});
