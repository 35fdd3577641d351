import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deleteTicketCall, exportTicketsFile, generateTicketsCall, importTicketsCall, ticketsCall } from '../../../api/lounge.ts';
import { LOUNGE_ROLES, type LoungeRole } from '../../../protocol/lounge.ts';
import { TICKETS_PER_GENERATE_MAX, type StudioTicket, type TicketImportAnswer } from '../../../protocol/loungeTickets.ts';
import type { StudioTour } from '../../../protocol/studio.ts';

/**
 * The studio's Lounge tab: the tour's tickets (section 5's ticket sign-in). Generate N, import a CSV of ticket numbers
 * with names and emails, export them all with who used each; an unused ticket can be deleted.
 */
export function TicketSettings({ tour }: { tour: StudioTour }) {
  const { t } = useTranslation('lounge');
  const id = tour.objectId;
  const [tickets, setTickets] = useState<StudioTicket[] | null>(null);
  const [count, setCount] = useState(10);
  const [role, setRole] = useState<LoungeRole>('visitor');
  const [imported, setImported] = useState<TicketImportAnswer | null>(null);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);

  const refresh = useCallback(() => ticketsCall(id).then((r) => setTickets(r.tickets), () => setFailed(true)), [id]);
  useEffect(() => {
    void refresh();
  }, [refresh]);

  const run = async (work: () => Promise<unknown>) => {
    setBusy(true);
    setFailed(false);
    try {
      await work();
      await refresh();
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  const download = () => run(async () => {
    const url = URL.createObjectURL(await exportTicketsFile(id));
    const a = document.createElement('a');
    a.href = url;
    a.download = `tickets-${id}.csv`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  });

  if (!tickets) return <p className="studio-muted" role="status">…</p>;
  const used = tickets.filter((x) => x.usedAt).length;
  return (
    <div className="studio-card studio-stack" data-testid="ticket-settings">
      <h2>{t('lounge.tickets-title')}</h2>
      <p className="studio-muted">{t('lounge.tickets-intro')}</p>
      <form className="studio-row" onSubmit={(e) => { e.preventDefault(); void run(() => generateTicketsCall(id, count, role)); }}>
        <label>
          {t('lounge.tickets-count')}{' '}
          <input type="number" min={1} max={TICKETS_PER_GENERATE_MAX} value={count} onChange={(e) => setCount(Math.max(1, Math.min(TICKETS_PER_GENERATE_MAX, Number(e.target.value) || 1)))} data-testid="tickets-count" />
        </label>
        <label>
          {t('lounge.tickets-role')}{' '}
          <select value={role} onChange={(e) => setRole(e.target.value as LoungeRole)} data-testid="tickets-role">
            {LOUNGE_ROLES.map((r) => <option key={r} value={r}>{t(`lounge.role-${r}` as const)}</option>)}
          </select>
        </label>
        <button type="submit" className="studio-button studio-primary" disabled={busy} data-testid="tickets-generate">{t('lounge.tickets-generate')}</button>
      </form>
      <div className="studio-row">
        <label className="studio-button">
          {t('lounge.tickets-import')}
          <input type="file" accept=".csv,text/csv" hidden data-testid="tickets-import" onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) void run(async () => setImported(await importTicketsCall(id, await file.text())));
          }} />
        </label>
        <button type="button" className="studio-button" disabled={busy || tickets.length === 0} onClick={() => void download()} data-testid="tickets-export">{t('lounge.tickets-export')}</button>
        <span className="studio-muted" data-testid="tickets-summary">{t('lounge.tickets-summary', { n: tickets.length, used })}</span>
      </div>
      <p className="studio-muted">{t('lounge.tickets-csv-help')}</p>
      {imported && (
        <div role="status" data-testid="tickets-imported">
          <p>{t('lounge.tickets-imported', { created: imported.created, duplicates: imported.duplicates })}</p>
          {imported.problems.length > 0 && (
            <ul>{imported.problems.slice(0, 20).map((p) => <li key={`${p.line}-${p.code}`}>{t('lounge.tickets-problem', { line: p.line })} {t(`lounge.tickets-problem-${p.code}` as const)}</li>)}</ul>
          )}
        </div>
      )}
      {failed && <p className="studio-error" role="alert">{t('lounge.error-other')}</p>}
      <table className="studio-table" data-testid="tickets-table">
        <thead><tr><th>{t('lounge.ticket-label')}</th><th>{t('lounge.tickets-name')}</th><th>{t('lounge.tickets-email')}</th><th>{t('lounge.tickets-role')}</th><th>{t('lounge.tickets-status')}</th><th /></tr></thead>
        <tbody>
          {tickets.map((x) => (
            <tr key={x.objectId} data-testid="ticket-row">
              <td><code>{x.number}</code></td>
              <td>{x.name ?? ''}</td>
              <td>{x.email ?? ''}</td>
              <td>{t(`lounge.role-${x.role}` as const)}</td>
              <td>{x.usedBy ? t('lounge.tickets-used-by', { name: x.usedBy.name }) : t('lounge.tickets-unused')}</td>
              <td>{!x.usedAt && <button type="button" className="studio-button" disabled={busy} onClick={() => void run(() => deleteTicketCall(id, x.objectId))} aria-label={t('lounge.tickets-delete-label', { number: x.number })}>{t('lounge.tickets-delete')}</button>}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
