import { Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { statusCall } from '../../../api/chat.ts';
import { restoreSession, useSession } from '../../account/session.ts';
import { followInApp } from '../../account/appNavigation.ts';
import { accountPageHref } from '../../account/nextPath.ts';
import { ConversationList } from '../box/ConversationList.tsx';
import { ConversationView } from '../box/ConversationView.tsx';
import { myPartyKey, useChatClient, useChatState, type InboxQuery } from '../chatSession.ts';
import { chatBoxModel } from '../model/chatViewModel.ts';
import { titleWithUnread } from '../model/conversationList.ts';
import '../chat.css';

/** /studio/inbox: every conversation of the tours the member answers for, live, with unread counts. */
export function InboxPage() {
  return (
    <Suspense fallback={null}>
      <Inbox />
    </Suspense>
  );
}

function Inbox() {
  const { t, i18n } = useTranslation('chat');
  const session = useSession();
  const [restored, setRestored] = useState(false);
  useEffect(() => { void restoreSession().finally(() => setRestored(true)); }, []);
  const query = useRef<InboxQuery>({ status: 'open', q: '' });
  const [status, setStatus] = useState<InboxQuery['status']>('open');
  const [search, setSearch] = useState('');
  const client = useChatClient(query, Boolean(session.user), session.user?.id ?? '');
  const state = useChatState(client);
  const model = chatBoxModel(state, myPartyKey());

  useEffect(() => {
    client?.showBox(true);
  }, [client]);
  // A new filter or search replaces the list (debounced while typing).
  useEffect(() => {
    query.current = { status, q: search.trim() };
    const timer = setTimeout(() => void client?.refreshList(true), 300);
    return () => clearTimeout(timer);
  }, [client, status, search]);
  useEffect(() => {
    document.title = titleWithUnread(t('inbox.title'), model.unreadTotal);
  }, [t, model.unreadTotal]);

  if (!restored) return null;
  if (!session.user) {
    const href = accountPageHref('login', '/studio/inbox', new URLSearchParams(window.location.search).get('locale'));
    return (
      <main className="atrium-inbox" dir={i18n.dir()} data-testid="page-inbox">
        <p className="atrium-chat__empty"><a href={href} onClick={(e) => followInApp(e, href)}>{t('inbox.title')}</a></p>
      </main>
    );
  }
  const open = model.open;
  const setDone = async (done: boolean) => {
    if (!open || !client) return;
    const line = await statusCall(open.id, done ? 'done' : 'open').catch(() => null);
    if (line) client.addConversation(line);
  };
  return (
    <main className={`atrium-inbox${open ? ' has-open' : ''}`} dir={i18n.dir()} lang={i18n.language} data-testid="page-inbox" onKeyDown={(e) => e.stopPropagation()}>
      <header className="atrium-chat__header">
        <h1 className="atrium-chat__header-title" style={{ flex: 1, margin: 0, fontSize: '1.1rem' }}>
          {t('inbox.title')} {model.unreadTotal > 0 && <span className="atrium-chat__badge" data-testid="inbox-unread">{model.unreadTotal}</span>}
        </h1>
        <a href="/studio" onClick={(e) => followInApp(e, '/studio')} style={{ color: 'inherit' }}>{t('inbox.back')}</a>
      </header>
      <div className="atrium-inbox__tools">
        <input type="search" value={search} onChange={(e) => setSearch(e.target.value)} aria-label={t('inbox.search')} placeholder={t('inbox.search')} data-testid="inbox-search" />
        <label>
          {t('inbox.filter')}{' '}
          <select value={status} onChange={(e) => setStatus(e.target.value as InboxQuery['status'])} data-testid="inbox-status">
            <option value="open">{t('inbox.filter-open')}</option>
            <option value="done">{t('inbox.filter-done')}</option>
            <option value="all">{t('inbox.filter-all')}</option>
          </select>
        </label>
      </div>
      <div className="atrium-chat__body">
        <nav className="atrium-chat__list" aria-label={t('chat.conversations')}>
          <ConversationList items={model.conversations} onSelect={(id) => void client?.select(id)} organiser />
        </nav>
        {open && client ? (
          <ConversationView
            client={client}
            model={model}
            otherLabel={t('chat.visitor')}
            composerLabel={t('inbox.reply-label')}
            actions={(
              <p className="atrium-inbox__who">
                <strong dir="auto">{open.name}</strong>
                {open.line.visitorEmail && <> · <a href={`mailto:${open.line.visitorEmail}`} style={{ color: 'inherit' }}>{t('inbox.email', { email: open.line.visitorEmail })}</a></>}
                <button type="button" onClick={() => void setDone(!open.done)} data-testid="inbox-done">{open.done ? t('inbox.reopen') : t('inbox.mark-done')}</button>
              </p>
            )}
          />
        ) : <p className="atrium-chat__empty" style={{ flex: 1 }}>{t('inbox.pick')}</p>}
      </div>
    </main>
  );
}
