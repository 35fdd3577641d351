// The "call a guide" dialog and its call-back form as data, sentences already translated: the DOM dialog and the
// in-world panel draw the same models (the uikit view has no i18n of its own). Pure: no React, no DOM, no clock.
import type { TFunction } from 'i18next';
import { languageName } from '../../../protocol/languageName.ts';
import type { CallOutcome, TourRingInfo } from '../../../protocol/tourRing.ts';
import { PHONE_COUNTRIES, type PhoneCountry } from '../../../protocol/tourRingNames.ts';
import type { CallbackDraft, CallbackProblems } from './callbackForm.ts';
import { secondsLeft, type CallState } from './callMachine.ts';

type T = TFunction<'tourRing'>;

const OUTCOME_KEY = {
  'cannot-answer': 'outcome.cannot-answer', unavailable: 'outcome.unavailable', busy: 'outcome.busy', cancelled: 'outcome.cancelled',
} as const;
const PROBLEM_KEY = { required: 'callback.required', phone: 'callback.phone-invalid', language: 'callback.language-required' } as const;

/** Where the visitor's dialog stands. */
export interface CallPanelState {
  info: TourRingInfo;
  call: CallState;
  /** The chosen guides' language ('' until chosen). */
  language: string;
  name: string;
  callbackOpen: boolean;
  /** Call was pressed with no language chosen. */
  missingLanguage: boolean;
  now: number;
}

export interface Choice {
  code: string;
  label: string;
  selected: boolean;
}

export interface CallVM {
  title: string;
  /**
   * no-guides: nobody can be called (the calendar and the call-back form remain). in-meeting: the call became the
   * meeting and the page is in it (the panel says so, and its button shows the meeting's panel).
   */
  phase: 'no-guides' | 'dial' | 'ringing' | 'answered' | 'in-meeting' | 'outcome';
  noGuides: string;
  intro: string;
  languageLabel: string;
  languages: Choice[];
  /** "Please choose a language." after Call was pressed without one, else null. */
  missingLanguage: string | null;
  nameLabel: string;
  name: string;
  call: string;
  ringing: { title: string; left: string | null; hangUp: string } | null;
  answered: { text: string; join: string; path: string } | null;
  outcome: { kind: CallOutcome | 'failed'; message: string } | null;
  calendar: { label: string; path: string };
  tryAgain: string;
  callback: string;
  callbackOpen: boolean;
}

/** The languages a guide of the tour speaks, named in the interface language. */
const languageChoices = (info: TourRingInfo, chosen: string, locale: string): Choice[] =>
  info.languages.map((code) => ({ code, label: languageName(code, locale), selected: code === chosen }));

export function callViewModel(s: CallPanelState, locale: string, t: T): CallVM {
  const { call, info } = s;
  const phase: CallVM['phase'] =
    !info.hasGuides || !info.meetingsOn ? 'no-guides'
    : call.phase === 'calling' || call.phase === 'ringing' ? 'ringing'
    : call.phase === 'answered' ? (call.inMeeting ? 'in-meeting' : 'answered')
    : call.phase === 'ended' || call.phase === 'failed' ? 'outcome'
    : 'dial';
  return {
    title: t('dial.title'),
    phase,
    noGuides: t('dial.no-guides'),
    intro: t('dial.intro', { tour: info.name }),
    languageLabel: t('dial.language'),
    languages: languageChoices(info, s.language, locale),
    missingLanguage: s.missingLanguage ? t('callback.language-required') : null,
    nameLabel: t('dial.name'),
    name: s.name,
    call: t('dial.call'),
    ringing: phase === 'ringing' ? { title: t('ringing.title'), left: call.phase === 'ringing' ? t('ringing.left', { seconds: secondsLeft(call, s.now) }) : null, hangUp: t('ringing.hang-up') } : null,
    answered: call.phase !== 'answered' || phase === 'no-guides' ? null
      : call.inMeeting ? { text: t('answered.in-meeting', { name: call.guideName }), join: t('answered.show-meeting'), path: call.guestPath }
      : { text: `${t('answered.title', { name: call.guideName })} ${t('answered.joining')}`, join: t('answered.join'), path: call.guestPath },
    outcome: phase !== 'outcome' ? null
      : call.phase === 'failed' ? { kind: 'failed', message: t(call.reason === 'too-many-calls' ? 'error.too-many-calls' : 'error.connection') }
      : call.phase === 'ended' ? { kind: call.outcome, message: t(OUTCOME_KEY[call.outcome]) } : null,
    calendar: { label: t('outcome.calendar'), path: info.calendarPath },
    tryAgain: t('outcome.try-again'),
    callback: t('outcome.callback'),
    callbackOpen: s.callbackOpen,
  };
}

/** Where the call-back form stands. */
export interface CallbackFormState {
  draft: CallbackDraft;
  problems: CallbackProblems;
  phase: 'editing' | 'sending' | 'sent' | 'failed';
}

export interface CallbackFieldVM {
  label: string;
  value: string;
  problem: string | null;
}

export interface CallbackVM {
  title: string;
  name: CallbackFieldVM;
  phone: CallbackFieldVM;
  note: CallbackFieldVM;
  country: CallbackFieldVM & { choose: string; options: Choice[]; chosen: string | null };
  language: CallbackFieldVM & { choose: string; options: Choice[] };
  send: string;
  busy: boolean;
  /** The thanks once sent, else null. */
  sent: string | null;
  failed: string | null;
}

/** A country code's name in the interface language; EU and NA are regions, named by the catalog. */
export function countryLabel(code: PhoneCountry, locale: string, t: T): string {
  if (code === 'EU') return t('country.eu');
  if (code === 'NA') return t('country.na');
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

export function callbackViewModel(s: CallbackFormState, info: TourRingInfo, locale: string, t: T): CallbackVM {
  const { draft, problems } = s;
  const problem = (name: keyof CallbackProblems) => (problems[name] ? t(PROBLEM_KEY[problems[name]]) : null);
  const countries = PHONE_COUNTRIES.map((code) => ({ code, label: countryLabel(code, locale, t), selected: code === draft.country }));
  return {
    title: t('callback.title'),
    name: { label: t('callback.name'), value: draft.name, problem: problem('name') },
    phone: { label: t('callback.phone'), value: draft.phone, problem: problem('phone') },
    note: { label: t('callback.note'), value: draft.note, problem: null },
    country: { label: t('callback.country'), value: draft.country, problem: problem('country'), choose: t('callback.choose'), options: countries, chosen: countries.find((c) => c.selected)?.label ?? null },
    language: { label: t('callback.language'), value: draft.language, problem: problem('language'), choose: t('callback.choose'), options: languageChoices(info, draft.language, locale) },
    send: s.phase === 'sending' ? t('callback.sending') : t('callback.send'),
    busy: s.phase === 'sending',
    sent: s.phase === 'sent' ? t('callback.sent') : null,
    failed: s.phase === 'failed' ? t('callback.failed') : null,
  };
}
