import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import type { TourRingInfo } from '../../../protocol/tourRing.ts';
import { callbackViewModel, callViewModel, type CallPanelState, type CallbackFormState } from './callViewModel.ts';

const t = ((key: string, values?: Record<string, unknown>) => (values ? `${key} ${JSON.stringify(values)}` : key)) as unknown as TFunction<'tourRing'>;

const info: TourRingInfo = {
  buildingId: 'tour000001', name: 'Harbour House', button: true, hasGuides: true, meetingsOn: true, languages: ['en', 'ja'], ringTimeoutMs: 30_000, calendarPath: '/tour000001?calendar=1',
};
const state = (extra: Partial<CallPanelState> = {}): CallPanelState => ({
  info, call: { phase: 'choose' }, language: '', name: '', callbackOpen: false, missingLanguage: false, now: 0, ...extra,
});

describe('the call dialog\'s view model (DOM and in-world)', () => {
  it('offers the guides\' languages named in the visitor\'s language, and asks for one before calling', () => {
    const vm = callViewModel(state({ language: 'ja' }), 'en', t);
    expect(vm.phase).toBe('dial');
    expect(vm.intro).toBe('dial.intro {"tour":"Harbour House"}');
    expect(vm.languages).toEqual([{ code: 'en', label: 'English', selected: false }, { code: 'ja', label: 'Japanese', selected: true }]);
    expect(vm.missingLanguage).toBeNull();
    expect(callViewModel(state({ missingLanguage: true }), 'en', t).missingLanguage).toBe('callback.language-required');
  });

  it('counts down while ringing, and names the guide who answered with the meeting to join', () => {
    expect(callViewModel(state({ call: { phase: 'calling' } }), 'en', t).ringing).toEqual({ title: 'ringing.title', left: null, hangUp: 'ringing.hang-up' });
    const ringing = callViewModel(state({ call: { phase: 'ringing', callId: 'c1', deadline: 31_000 }, now: 21_500 }), 'en', t);
    expect([ringing.phase, ringing.ringing?.left]).toEqual(['ringing', 'ringing.left {"seconds":10}']);
    const call = { phase: 'answered', callId: 'c1', meetingId: 'm1', guestPath: '/t?meeting=m1', guideName: 'Ann', visitorName: '', inMeeting: false } as const;
    const answered = callViewModel(state({ call }), 'en', t);
    expect(answered.phase).toBe('answered');
    expect(answered.answered).toEqual({ text: 'answered.title {"name":"Ann"} answered.joining', join: 'answered.join', path: '/t?meeting=m1' });
  });

  it('once the page is in the meeting, says the call became it, and offers to show it (not "taking you there")', () => {
    const call = { phase: 'answered', callId: 'c1', meetingId: 'm1', guestPath: '/t?meeting=m1', guideName: 'Ann', visitorName: '', inMeeting: true } as const;
    const vm = callViewModel(state({ call }), 'en', t);
    expect(vm.phase).toBe('in-meeting');
    expect(vm.answered).toEqual({ text: 'answered.in-meeting {"name":"Ann"}', join: 'answered.show-meeting', path: '/t?meeting=m1' });
  });

  it('gives each of the spec\'s answers with the calendar\'s way, and the failures', () => {
    for (const outcome of ['cannot-answer', 'unavailable', 'busy'] as const) {
      const vm = callViewModel(state({ call: { phase: 'ended', outcome } }), 'en', t);
      expect([vm.phase, vm.outcome]).toEqual(['outcome', { kind: outcome, message: `outcome.${outcome}` }]);
      expect(vm.calendar).toEqual({ label: 'outcome.calendar', path: '/tour000001?calendar=1' });
    }
    expect(callViewModel(state({ call: { phase: 'failed', reason: 'too-many-calls' } }), 'en', t).outcome).toEqual({ kind: 'failed', message: 'error.too-many-calls' });
  });

  it('says nobody can be called when the tour has no guides or meetings are off', () => {
    expect(callViewModel(state({ info: { ...info, hasGuides: false } }), 'en', t).phase).toBe('no-guides');
    expect(callViewModel(state({ info: { ...info, meetingsOn: false } }), 'en', t).phase).toBe('no-guides');
  });
});

describe('the call-back form\'s view model', () => {
  const form = (extra: Partial<CallbackFormState> = {}): CallbackFormState => ({
    draft: { name: '', phone: '', note: '', country: 'JP', language: 'ja' }, problems: {}, phase: 'editing', ...extra,
  });
  it('names the countries (the regions by the catalog) and the chosen one, and translates the problems', () => {
    const vm = callbackViewModel(form({ problems: { name: 'required', phone: 'phone' } }), info, 'en', t);
    expect(vm.country.chosen).toBe('Japan');
    expect(vm.country.options.find((c) => c.code === 'EU')?.label).toBe('country.eu');
    expect(vm.language.options.map((l) => [l.code, l.selected])).toEqual([['en', false], ['ja', true]]);
    expect([vm.name.problem, vm.phone.problem, vm.language.problem]).toEqual(['callback.required', 'callback.phone-invalid', null]);
    expect(callbackViewModel(form({ draft: { ...form().draft, country: '' } }), info, 'en', t).country.chosen).toBeNull();
  });
  it('says it is sending, then thanks', () => {
    expect(callbackViewModel(form({ phase: 'sending' }), info, 'en', t)).toMatchObject({ send: 'callback.sending', busy: true, sent: null });
    expect(callbackViewModel(form({ phase: 'sent' }), info, 'en', t).sent).toBe('callback.sent');
    expect(callbackViewModel(form({ phase: 'failed' }), info, 'en', t).failed).toBe('callback.failed');
  });
});
