// The rules of the account forms (spec section 5), pure so they are unit-tested and shared by the sign-up page,
// the login page and the profile panel. A problem names a catalog key (namespace 'account') rather than English text:
// the view translates it, so the section 5 messages read word for word in English and properly everywhere else.
import { EMAIL_PATTERN, NAME_MAX, passwordProblem } from '../../protocol/accounts.ts';
import { PASSWORD_MIN_LENGTH } from '../../protocol/constants.ts';

export type ProblemKey =
  | 'validation.required'
  | 'validation.email'
  | 'validation.min-length'
  | 'validation.letter-and-number'
  | 'validation.mismatch'
  | 'validation.phone'
  | 'validation.terms'
  | 'validation.email-taken';

/** The label keys a "{{col}} does not match" message can name. */
export type MatchedFieldLabel = 'signup.password' | 'password.new';

export interface Problem {
  key: ProblemKey;
  /** {{n}} of the minimum length message. */
  n?: number;
  /** {{col}} of the mismatch message: the label of the field the confirmation must repeat. */
  col?: MatchedFieldLabel;
}

export type Problems<F extends string> = Partial<Record<F, Problem>>;

export interface SignupValues {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  confirmPassword: string;
  phone: string;
  company: string;
  occupation: string;
  agreeTerms: boolean;
}
export type SignupField = keyof SignupValues;

export const EMPTY_SIGNUP: SignupValues = {
  firstName: '', lastName: '', email: '', password: '', confirmPassword: '', phone: '', company: '', occupation: '', agreeTerms: false,
};

export interface LoginValues {
  username: string;
  password: string;
}
export type LoginField = keyof LoginValues;

export interface PasswordChangeValues {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}
export type PasswordChangeField = keyof PasswordChangeValues;

// Digits with the usual separators and an optional leading +; 6 to 15 digits (E.164's maximum) covers local and
// international numbers.
const PHONE_CHARACTERS = /^\+?[0-9\s().-]+$/;
const isPhoneNumber = (value: string): boolean => {
  const digits = value.replace(/\D/g, '').length;
  return PHONE_CHARACTERS.test(value) && digits >= 6 && digits <= 15;
};

const required = (value: string): Problem | undefined => (value.trim() === '' ? { key: 'validation.required' } : undefined);

export function emailProblem(email: string): Problem | undefined {
  return required(email) ?? (EMAIL_PATTERN.test(email.trim()) ? undefined : { key: 'validation.email' });
}

/** Section 5: at least PASSWORD_MIN_LENGTH characters with a letter and a number (the rule the server applies too). */
export function newPasswordProblem(password: string): Problem | undefined {
  if (password === '') return { key: 'validation.required' };
  const broken = passwordProblem(password);
  if (broken === 'too-short') return { key: 'validation.min-length', n: PASSWORD_MIN_LENGTH };
  if (broken === 'needs-letter-and-number') return { key: 'validation.letter-and-number' };
  return undefined;
}

function confirmationProblem(original: string, confirmation: string, col: MatchedFieldLabel): Problem | undefined {
  return required(confirmation) ?? (confirmation === original ? undefined : { key: 'validation.mismatch', col });
}

/** An optional phone number: empty is fine, anything else must look like one. */
export function phoneProblem(phone: string): Problem | undefined {
  const value = phone.trim();
  return value === '' || isPhoneNumber(value) ? undefined : { key: 'validation.phone' };
}

// Names longer than NAME_MAX cannot be typed: the inputs carry maxLength (NAME_MAX_LENGTH below).
const nameProblem = required;
export const NAME_MAX_LENGTH = NAME_MAX;

/** Drops the fields without a problem, so `Object.keys(result).length === 0` means the form is valid. */
function only<F extends string>(problems: Record<F, Problem | undefined>): Problems<F> {
  return Object.fromEntries(Object.entries(problems).filter(([, problem]) => problem !== undefined)) as Problems<F>;
}

export function validateSignup(v: SignupValues): Problems<SignupField> {
  return only<SignupField>({
    firstName: nameProblem(v.firstName),
    lastName: nameProblem(v.lastName),
    email: emailProblem(v.email),
    password: newPasswordProblem(v.password),
    confirmPassword: confirmationProblem(v.password, v.confirmPassword, 'signup.password'),
    phone: phoneProblem(v.phone),
    company: undefined,
    occupation: undefined,
    agreeTerms: v.agreeTerms ? undefined : { key: 'validation.terms' },
  });
}

export function validateLogin(v: LoginValues): Problems<LoginField> {
  // Only presence: an old account may predate today's password rule, and the server answers the rest.
  return only<LoginField>({ username: required(v.username), password: v.password === '' ? { key: 'validation.required' } : undefined });
}

export function validatePasswordChange(v: PasswordChangeValues): Problems<PasswordChangeField> {
  return only<PasswordChangeField>({
    currentPassword: v.currentPassword === '' ? { key: 'validation.required' } : undefined,
    newPassword: newPasswordProblem(v.newPassword),
    confirmPassword: confirmationProblem(v.newPassword, v.confirmPassword, 'password.new'),
  });
}

export interface ProfileValues {
  firstName: string;
  lastName: string;
  phone: string;
  company: string;
  occupation: string;
}
export type ProfileField = keyof ProfileValues;

export function validateProfile(v: ProfileValues): Problems<ProfileField> {
  return only<ProfileField>({
    firstName: nameProblem(v.firstName), lastName: nameProblem(v.lastName), phone: phoneProblem(v.phone), company: undefined, occupation: undefined,
  });
}

/** The sign-up body the server expects: optional fields left out when empty, the email as typed (the server lowercases it). */
export function signupBody(v: SignupValues) {
  const optional = (value: string) => (value.trim() === '' ? undefined : value.trim());
  return {
    firstName: v.firstName.trim(),
    lastName: v.lastName.trim(),
    email: v.email.trim(),
    password: v.password,
    phone: optional(v.phone),
    companyDisplayName: optional(v.company),
    occupationCustom: optional(v.occupation),
    agreeTerms: true as const,
  };
}

/** The first field (in form order) that has a problem: where focus goes after a refused submit. */
export function firstProblemField<F extends string>(order: readonly F[], problems: Problems<F>): F | undefined {
  return order.find((field) => problems[field] !== undefined);
}
