import { z } from 'zod';
import { EMAIL_PATTERN } from './accounts.ts';

/**
 * The visitor gate (spec sections 2-5, 7, 8): the visitor form, email verification with an access code or a link,
 * and the whitelist rule. Shared by the server routes and the gate's forms, so both check the same way.
 */

/** Section 8, word for word. */
export const GATE_MESSAGES = {
  codeInvalid: 'Access code is invalid',
  resendFailed: 'Failed to resend access code',
  wrongFormat: 'Wrong format',
  notAuthorized: 'Authentication Failed... username does not exist in the authorized list',
  fieldRequired: 'Field required.',
  invalidEmail: 'Invalid email format.',
  invalidPhone: 'Please enter the phone number or the format is incorrect',
} as const;

/** Six digits: what the email carries and the code field accepts. */
export const ACCESS_CODE_PATTERN = /^\d{6}$/;
export const ACCESS_CODE_MAX_ATTEMPTS = 5;
/** How long a code and its link are valid. */
export const VERIFICATION_LIFETIME_MS = 15 * 60_000;

/** Digits with optional +, spaces, dots, dashes and brackets; 6 to 15 digits (E.164 allows at most 15). */
export function isPhoneNumber(value: string): boolean {
  if (!/^\+?[\d\s().-]+$/.test(value)) return false;
  const digits = value.replace(/\D/g, '').length;
  return digits >= 6 && digits <= 15;
}

/** Section 5: whitelisted tours admit only listed usernames, compared case-insensitively. */
export function isWhitelisted(whiteList: readonly string[], username: string): boolean {
  const wanted = username.trim().toLowerCase();
  return wanted.length > 0 && whiteList.some((listed) => listed.trim().toLowerCase() === wanted);
}

const Required = z.string().trim().min(1, GATE_MESSAGES.fieldRequired).max(100);

/** The visitor form of section 3; every field is required. */
export const VisitorFormSchema = z.object({
  firstName: Required,
  lastName: Required,
  email: z.string().trim().toLowerCase().min(1, GATE_MESSAGES.fieldRequired).max(254).regex(EMAIL_PATTERN, GATE_MESSAGES.invalidEmail),
  phone: z.string().trim().min(1, GATE_MESSAGES.invalidPhone).max(40).refine(isPhoneNumber, GATE_MESSAGES.invalidPhone),
  occupation: Required,
  company: Required,
});
export type VisitorForm = z.infer<typeof VisitorFormSchema>;
export type VisitorFormField = keyof VisitorForm;

/** POST /v2/visitor/signup: the form, the tour it opens and the language the email is written in. */
export const VisitorSignupBodySchema = VisitorFormSchema.extend({
  buildingId: z.string().min(1).max(64),
  locale: z.string().max(20).optional(),
});
export type VisitorSignupBody = z.input<typeof VisitorSignupBodySchema>;

/** A verification in progress: the code was emailed to `email`. */
export const VerificationAnswerSchema = z.object({
  verificationId: z.string(),
  email: z.string(),
  expiresAt: z.string(),
});
export type VerificationAnswer = z.infer<typeof VerificationAnswerSchema>;

export const AccessCodeSchema = z.string().trim().regex(ACCESS_CODE_PATTERN, GATE_MESSAGES.wrongFormat);

/** POST /v2/visitor/verify: the code with the verification it belongs to (or the email it was sent to). */
export const VerifyCodeBodySchema = z
  .object({
    verificationId: z.string().min(1).max(64).optional(),
    email: z.string().trim().toLowerCase().max(254).optional(),
    code: AccessCodeSchema,
  })
  .refine((b) => b.verificationId || b.email, { message: 'verificationId or email is required', path: ['verificationId'] });
export type VerifyCodeBody = z.input<typeof VerifyCodeBodySchema>;

/** POST /v2/visitor/verify-link: the token of the emailed link (?verify=). */
export const VerifyLinkBodySchema = z.object({ token: z.string().min(20).max(200) });

/** POST /v2/visitor/resend: a new code for the same visitor and tour; the old one stops working. */
export const ResendBodySchema = z.object({ verificationId: z.string().min(1).max(64), locale: z.string().max(20).optional() });

/** The query parameter of the emailed link. */
export const VERIFY_PARAM = 'verify';
