// The dialog's state and actions around one call, shared by the DOM dialog and the in-world panel (each keeps its
// own instance); both draw callViewModel's model of it.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TourRingInfo } from '../../../protocol/tourRing.ts';
import { useSnapshot } from '../../../state/store.ts';
import { meetingHandoff } from '../../meeting/meetingHandoff.ts';
import { callViewModel, type CallVM } from './callViewModel.ts';
import { useCall } from './useCall.ts';

export interface CallActions {
  setLanguage(code: string): void;
  setName(name: string): void;
  /** Rings the guides of the chosen language; without one, says a language is needed. */
  dial(): void;
  hangUp(): void;
  reset(): void;
  openCallback(): void;
  /** Enters the answered call's meeting, or, once in it, shows its panel again. */
  join(): void;
}

/** How long the answer shows before the meeting opens (the visitor reads who answered). */
const JOIN_DELAY_MS = 800;

/** Ticks while `on` (the ringing countdown). */
function useNow(on: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!on) return undefined;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [on]);
  return now;
}

/** `onJoin` gets the meeting's path and the caller's name as the guide saw it (typed, else their account's; '' for none). */
export function useCallPanel(info: TourRingInfo, onJoin: (path: string, name: string) => void): { vm: CallVM; act: CallActions } {
  const { t, i18n } = useTranslation('tourRing');
  const { state, dial, hangUp, reset, meetingChanged } = useCall(info.buildingId);
  const currentMeeting = useSnapshot(meetingHandoff).current;
  const [language, setLanguage] = useState(() => (info.languages.length === 1 ? info.languages[0]! : (info.languages.find((l) => l === i18n.language || l === i18n.language.split('-')[0]) ?? '')));
  const [name, setName] = useState('');
  const [callbackOpen, setCallbackOpen] = useState(false);
  const [missingLanguage, setMissingLanguage] = useState(false);
  const now = useNow(state.phase === 'ringing');
  // Read when joining, not a dependency: the join must not be asked again because the name changed.
  const nameRef = useRef(name);
  nameRef.current = name;

  // The call panel says the truth once the call became the meeting, and offers a new call once out of it.
  useEffect(() => {
    meetingChanged(currentMeeting);
  }, [currentMeeting, state.phase, meetingChanged]);

  // An answered call opens the meeting the guide started, once (not again when the page is in it).
  const answered = state.phase === 'answered' && !state.inMeeting ? state : null;
  useEffect(() => {
    if (!answered) return undefined;
    const timer = setTimeout(() => onJoin(answered.guestPath, answered.visitorName || nameRef.current), JOIN_DELAY_MS);
    return () => clearTimeout(timer);
  }, [answered, onJoin]);

  const join = useCallback(() => {
    if (state.phase === 'answered') onJoin(state.guestPath, state.visitorName || nameRef.current);
  }, [state, onJoin]);
  const act = useMemo<CallActions>(() => ({
    setLanguage: (code) => {
      setLanguage(code);
      setMissingLanguage(false);
    },
    setName,
    dial: () => {
      if (!language) return setMissingLanguage(true);
      dial(language, name);
    },
    hangUp,
    reset,
    openCallback: () => setCallbackOpen(true),
    join,
  }), [language, name, dial, hangUp, reset, join]);

  const vm = useMemo(() => callViewModel({ info, call: state, language, name, callbackOpen, missingLanguage, now }, i18n.language, t),
    [info, state, language, name, callbackOpen, missingLanguage, now, i18n.language, t]);
  return { vm, act };
}
