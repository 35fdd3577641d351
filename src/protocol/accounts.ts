import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from './constants.ts';
import { ErrorBodySchema } from './errors.ts';
import { OwnerSettingsSchema } from './ownerSettings.ts';

/**
 * The users-and-auth calls of spec section 7, shared by the server routes and the client.
 * Section 5's rules (password, email, required fields) are checked here once, so the form and the server agree.
 */

export { IDENTITY_HEADERS, TOKEN_TYPE } from './identity.ts';
import { TOKEN_TYPE } from './identity.ts';

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const NAME_MAX = 100;
export const PASSWORD_MAX = 200;

/** Section 5: at least PASSWORD_MIN_LENGTH characters with a letter and a number. Returns the broken rule or null. */
export function passwordProblem(password: string): 'too-short' | 'needs-letter-and-number' | null {
  if (password.length < PASSWORD_MIN_LENGTH) return 'too-short';
  if (!/\p{L}/u.test(password) || !/\p{N}/u.test(password)) return 'needs-letter-and-number';
  return null;
}

const PasswordSchema = z
  .string()
  .max(PASSWORD_MAX)
  .superRefine((value, ctx) => {
    const problem = passwordProblem(value);
    if (problem === 'too-short') ctx.addIssue({ code: 'custom', message: `must be at least ${PASSWORD_MIN_LENGTH} characters` });
    if (problem === 'needs-letter-and-number') ctx.addIssue({ code: 'custom', message: 'must contain a letter and a number' });
  });
const EmailSchema = z.string().trim().toLowerCase().max(254).regex(EMAIL_PATTERN, 'Invalid email format.');
const NameSchema = z.string().trim().min(1, 'Field required.').max(NAME_MAX);
const OptionalText = z.string().trim().max(200).optional();

export const SignupBodySchema = z.object({
  email: EmailSchema,
  password: PasswordSchema,
  firstName: NameSchema,
  lastName: NameSchema,
  /** Defaults to the email address. */
  username: z.string().trim().min(3).max(100).regex(/^[^\s]+$/, 'must not contain spaces').optional(),
  phone: OptionalText,
  country: OptionalText,
  occupationCustom: OptionalText,
  companyDisplayName: OptionalText,
  /** Section 5: agreeing to the terms and the privacy policy is required to continue. */
  agreeTerms: z.literal(true, { message: 'You must agree to the terms and the privacy policy.' }),
  /** The invitation token of the link, where the server only lets invited people sign up (SIGNUP=invite). */
  invite: z.string().min(20).max(200).optional(),
});

/** An invitation link an owner made: single use, valid for INVITATION_DAYS. */
export const InvitationAnswerSchema = z.object({ url: z.string(), expiresAt: z.string() });
export type InvitationAnswer = z.infer<typeof InvitationAnswerSchema>;
export const INVITATION_DAYS = 14;
export type SignupBody = z.infer<typeof SignupBodySchema>;

export const ExistQuerySchema = z.object({ email: EmailSchema });
export const ExistAnswerSchema = z.object({ exists: z.boolean() });

export const LoginBodySchema = z.object({
  /** A username or an email address. */
  username: z.string().trim().min(1, 'Field required.').max(254),
  password: z.string().min(1, 'Field required.').max(PASSWORD_MAX),
  /** The viewer sends true (section 6); the studio sends false, which refuses visitor accounts. */
  allowVisitor: z.boolean().default(false),
});
export type LoginBody = z.input<typeof LoginBodySchema>;

export const TokenParamsSchema = z.object({ token: z.string().min(20).max(200) });

/** The session user of section 3 plus the identity answer of section 7 (sessionToken, objectId). */
export const SessionAnswerSchema = z.object({
  sessionToken: z.string(),
  objectId: z.string(),
  username: z.string(),
  /** The account's display name (the profile's `name`), null where it has none: what the viewer names them by. */
  name: z.string().nullable(),
  headquarter: z.object({ objectId: z.string() }).nullable(),
  planTitle: z.string().nullable(),
  tokenType: z.literal(TOKEN_TYPE),
  expiresAt: z.string(),
});
export type SessionAnswer = z.infer<typeof SessionAnswerSchema>;

/** The signed-in user profile of section 3. */
export const ProfileSchema = z.object({
  objectId: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  name: z.string().nullable(),
  nickname: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  phone: z.string().nullable(),
  country: z.string().nullable(),
  occupationCustom: z.string().nullable(),
  companyDisplayName: z.string().nullable(),
  portrait: z.string().nullable(),
  coverPhotoUrl: z.string().nullable(),
  profileUrl: z.string().nullable(),
  userType: z.string(),
});
export type Profile = z.infer<typeof ProfileSchema>;

export const ProfileUpdateBodySchema = z
  .object({
    firstName: NameSchema,
    lastName: NameSchema,
    nickname: z.string().trim().max(NAME_MAX),
    phone: z.string().trim().max(40),
    country: z.string().trim().max(100),
    occupationCustom: z.string().trim().max(200),
    companyDisplayName: z.string().trim().max(200),
    portrait: z.string().trim().url().max(2000),
    coverPhotoUrl: z.string().trim().url().max(2000),
    profileUrl: z.string().trim().url().max(2000),
  })
  .partial()
  .strict();
export type ProfileUpdateBody = z.infer<typeof ProfileUpdateBodySchema>;

export const PasswordChangeBodySchema = z.object({
  oldPassword: z.string().min(1, 'Field required.').max(PASSWORD_MAX),
  newPassword: PasswordSchema,
});
/** Section 7: "an error is read from the error field". */
export const PasswordChangeAnswerSchema = z.object({ ok: z.boolean(), error: z.string().optional() });
/** A refused change answers 400 with the usual error body plus `error`; schema failures (a weak new password) carry only `message`. */
export const PasswordChangeFailureSchema = ErrorBodySchema.extend({ error: z.string().optional() });

export const LogoutAnswerSchema = z.object({ ok: z.literal(true) });

/** The public profile of section 3; the client uses an empty one when the call fails. */
export const PublicProfileSchema = z.object({
  objectId: z.string(),
  name: z.string().nullable(),
  profileUrl: z.string().nullable(),
  headquarter: z.object({ title: z.string(), qrUrl: z.string().nullable(), objectId: z.string() }).nullable(),
  customSetting: OwnerSettingsSchema,
  expiredAt: z.string().nullable(),
});
export type PublicProfile = z.infer<typeof PublicProfileSchema>;
export const UserIdParamsSchema = z.object({ id: z.string().min(1).max(64) });

/** The section 8 message for a failed login. */
export const INVALID_LOGIN_MESSAGE = 'Invalid account or password';
