import type { SessionAnswer } from '../protocol/accounts.ts';
import type { VerificationAnswer, VerifyCodeBody, VisitorSignupBody } from '../protocol/visitor.ts';
import { request } from './httpClient.ts';

/** The visitor gate's calls: POST /v2/visitor/signup (section 7) and its verification companions. */

export const visitorSignupCall = (body: VisitorSignupBody) => request<VerificationAnswer>('/v2/visitor/signup', { method: 'POST', body });

export const verifyAccessCodeCall = (body: VerifyCodeBody) => request<SessionAnswer>('/v2/visitor/verify', { method: 'POST', body });

export const verifyLinkCall = (token: string) => request<SessionAnswer>('/v2/visitor/verify-link', { method: 'POST', body: { token } });

export const resendAccessCodeCall = (verificationId: string, locale?: string) =>
  request<VerificationAnswer>('/v2/visitor/resend', { method: 'POST', body: { verificationId, locale } });
