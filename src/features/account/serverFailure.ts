// How a refused account call reads to the visitor. The client never shows a raw status: a duplicate email is told at
// the email field, a wrong password with section 8's message, the attempt limit with the server's own words (they say
// how long to wait), and anything unexpected with a translated generic line.
import { HttpError, NetworkError } from '../../api/httpClient.ts';
import type { Problem } from './accountForms.ts';

export type FormFailure =
  /** A problem to show next to one field. */
  | { kind: 'field'; field: string; problem: Problem }
  /** A catalog key of the 'account' namespace, shown above the submit button. */
  | { kind: 'key'; key: 'login.invalid' | 'form.network' | 'form.failed' }
  /** The server's own message (attempt limit, a rule the server states). */
  | { kind: 'text'; text: string };

export function formFailure(error: unknown, call: 'login' | 'signup' | 'profile'): FormFailure {
  if (error instanceof NetworkError) return { kind: 'key', key: 'form.network' };
  if (!(error instanceof HttpError)) return { kind: 'key', key: 'form.failed' };
  const message = typeof error.body?.message === 'string' && error.body.message.trim() ? error.body.message : null;
  if (error.status === 429) return message ? { kind: 'text', text: message } : { kind: 'key', key: 'form.failed' };
  if (call === 'login' && error.status === 401) return { kind: 'key', key: 'login.invalid' };
  if (call === 'signup' && error.status === 409 && error.body?.field === 'email') {
    return { kind: 'field', field: 'email', problem: { key: 'validation.email-taken' } };
  }
  return message && error.status < 500 ? { kind: 'text', text: message } : { kind: 'key', key: 'form.failed' };
}
