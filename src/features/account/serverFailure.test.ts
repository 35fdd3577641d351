import { describe, expect, it } from 'vitest';
import { HttpError, NetworkError } from '../../api/httpClient.ts';
import { formFailure } from './serverFailure.ts';

describe('formFailure: what a refused account call tells the visitor', () => {
  it('says section 8\'s message for a refused login, not the server\'s', () => {
    expect(formFailure(new HttpError(401, { code: 'UNAUTHENTICATED', message: 'whatever' }), 'login')).toEqual({ kind: 'key', key: 'login.invalid' });
  });

  it('puts a duplicate email next to the email field', () => {
    const error = new HttpError(409, { code: 'CONFLICT', message: 'This email is already registered.', field: 'email' });
    expect(formFailure(error, 'signup')).toEqual({ kind: 'field', field: 'email', problem: { key: 'validation.email-taken' } });
  });

  it('passes the attempt limit on in the server\'s words (they say how long to wait)', () => {
    const error = new HttpError(429, { code: 'RATE_LIMITED', message: 'Too many attempts. Please wait 1 minute and try again.' });
    expect(formFailure(error, 'login')).toEqual({ kind: 'text', text: 'Too many attempts. Please wait 1 minute and try again.' });
  });

  it('hides server faults and names an unreachable server', () => {
    expect(formFailure(new HttpError(500, { code: 'INTERNAL', message: 'boom' }), 'signup')).toEqual({ kind: 'key', key: 'form.failed' });
    expect(formFailure(new NetworkError('Failed to fetch'), 'login')).toEqual({ kind: 'key', key: 'form.network' });
    expect(formFailure(new Error('x'), 'profile')).toEqual({ kind: 'key', key: 'form.failed' });
  });
});
