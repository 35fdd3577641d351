// The call-now form's state and actions, shared by the DOM form and the in-world one; both draw callbackViewModel.
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TourRingInfo } from '../../../protocol/tourRing.ts';
import { sendCallback } from '../tourRingApi.ts';
import { checkCallback, countryFromLocale, type CallbackDraft, type CallbackProblems } from './callbackForm.ts';
import { callbackViewModel, type CallbackFormState, type CallbackVM } from './callViewModel.ts';

export interface CallbackActions {
  set(field: keyof CallbackDraft, value: string): void;
  /** Checks and sends; answers the fields with a problem (nothing was sent then). */
  submit(): (keyof CallbackProblems)[];
}

export function useCallbackForm(info: TourRingInfo, language: string, onDone?: () => void): { vm: CallbackVM; act: CallbackActions } {
  const { t, i18n } = useTranslation('tourRing');
  const [state, setState] = useState<CallbackFormState>(() => ({
    draft: {
      name: '', phone: '', note: '', country: countryFromLocale(navigator.languages ?? [navigator.language]),
      language: info.languages.includes(language) ? language : info.languages.length === 1 ? info.languages[0]! : '',
    },
    problems: {},
    phase: 'editing',
  }));
  const latest = useRef(state);
  latest.current = state;
  const done = useRef(onDone);
  done.current = onDone;

  const act = useMemo<CallbackActions>(() => ({
    // A field's problem goes once it is edited (checked again on the next send), as in the booking form.
    set: (field, value) => setState((s) => ({ ...s, draft: { ...s.draft, [field]: value }, problems: { ...s.problems, [field]: undefined } })),
    submit: () => {
      const { draft, phase } = latest.current;
      if (phase === 'sending' || phase === 'sent') return [];
      const problems = checkCallback(draft);
      setState((s) => ({ ...s, problems }));
      const wrong = Object.keys(problems) as (keyof CallbackProblems)[];
      if (wrong.length > 0 || !draft.country) return wrong.length > 0 ? wrong : ['country'];
      setState((s) => ({ ...s, phase: 'sending' }));
      sendCallback(info.buildingId, { name: draft.name, phone: draft.phone, country: draft.country, language: draft.language, note: draft.note }).then(
        () => {
          setState((s) => ({ ...s, phase: 'sent' }));
          done.current?.();
        },
        () => setState((s) => ({ ...s, phase: 'failed' })),
      );
      return [];
    },
  }), [info.buildingId]);

  const vm = useMemo(() => callbackViewModel(state, info, i18n.language, t), [state, info, i18n.language, t]);
  return { vm, act };
}
