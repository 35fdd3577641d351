// The call-now form's rules (spec section 5): name and phone are needed, the phone valid for its country or region
// (section 9's codes), and a language must be chosen. The server checks the same; these give the message at once.
import { checkPhone, EU_COUNTRIES } from '../../../protocol/phone.ts';
import { PHONE_COUNTRIES, type PhoneCountry } from '../../../protocol/tourRingNames.ts';

export interface CallbackDraft {
  name: string;
  phone: string;
  country: PhoneCountry | '';
  language: string;
  note: string;
}

export type CallbackProblem = 'required' | 'phone' | 'language';
export type CallbackProblems = Partial<Record<'name' | 'phone' | 'country' | 'language', CallbackProblem>>;

export function checkCallback(draft: CallbackDraft): CallbackProblems {
  const problems: CallbackProblems = {};
  if (!draft.name.trim()) problems.name = 'required';
  if (!draft.country) problems.country = 'required';
  if (!draft.phone.trim() || (draft.country && !checkPhone(draft.phone, draft.country))) problems.phone = 'phone';
  if (!draft.language) problems.language = 'language';
  return problems;
}

/** The section 9 code of the browser's region, if it is one of them (a Japanese browser starts on JP, a German one on EU). */
export function countryFromLocale(locales: readonly string[]): PhoneCountry | '' {
  for (const tag of locales) {
    const region = tag.split('-').slice(1).find((part) => /^[A-Z]{2}$/i.test(part))?.toUpperCase();
    if (region === 'US' || region === 'CA') return 'NA';
    if (region && (EU_COUNTRIES as readonly string[]).includes(region)) return 'EU';
    if (region && (PHONE_COUNTRIES as readonly string[]).includes(region)) return region as PhoneCountry;
  }
  return '';
}
