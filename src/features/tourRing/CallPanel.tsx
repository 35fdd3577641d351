import { useEffect, useId, useRef } from 'react';
import type { TourRingInfo } from '../../protocol/tourRing.ts';
import { CallbackForm } from './CallbackForm.tsx';
import type { CallVM } from './model/callViewModel.ts';
import { useCallPanel, type CallActions } from './model/useCallPanel.ts';

/**
 * Dialling a guide: choose a language, ring, and either join the meeting the guide opened or hear one of the spec's
 * answers (cannot answer, unavailable, busy with a tour), each with the way to the booking calendar and the call-now
 * form. Shared by the /tour-ring page and the viewer's dialog; the in-world panel draws the same view model.
 */
export function CallPanel({ info, onJoin }: { info: TourRingInfo; onJoin: (path: string, name: string) => void }) {
  const { vm, act } = useCallPanel(info, onJoin);
  return <CallPanelView info={info} vm={vm} act={act} />;
}

function CallPanelView({ info, vm, act }: { info: TourRingInfo; vm: CallVM; act: CallActions }) {
  const id = useId();
  const focusTarget = useRef<HTMLElement | null>(null);
  const language = vm.languages.find((l) => l.selected)?.code ?? '';

  // Keyboard users land on what the new phase asks of them (hang up while ringing, the message after).
  useEffect(() => {
    focusTarget.current?.focus();
  }, [vm.phase]);

  if (vm.phase === 'no-guides') {
    return (
      <div className="atrium-ring__body">
        <p role="status" data-testid="ring-no-guides">{vm.noGuides}</p>
        <a className="atrium-ring__link" href={vm.calendar.path} data-testid="ring-calendar">{vm.calendar.label}</a>
        <CallbackForm info={info} language={language} />
      </div>
    );
  }

  if (vm.ringing) {
    return (
      <div className="atrium-ring__body atrium-ring__ringing" data-testid="ring-ringing">
        <span className="atrium-ring__pulse" aria-hidden="true" />
        <p className="atrium-ring__status" role="status">{vm.ringing.title}</p>
        {vm.ringing.left && <p className="atrium-ring__muted">{vm.ringing.left}</p>}
        <button type="button" className="atrium-ring__danger" ref={(el) => { focusTarget.current = el; }} onClick={act.hangUp} data-testid="ring-hang-up">{vm.ringing.hangUp}</button>
      </div>
    );
  }

  if (vm.answered) {
    return (
      <div className="atrium-ring__body" data-testid="ring-answered" data-phase={vm.phase}>
        <p className="atrium-ring__status" role="status">{vm.answered.text}</p>
        <a className="atrium-ring__primary" href={vm.answered.path} ref={(el) => { focusTarget.current = el; }} onClick={(e) => { e.preventDefault(); act.join(); }}>{vm.answered.join}</a>
      </div>
    );
  }

  if (vm.outcome) {
    return (
      <div className="atrium-ring__body" data-testid="ring-outcome" data-outcome={vm.outcome.kind}>
        <p className="atrium-ring__status" role="alert" tabIndex={-1} ref={(el) => { focusTarget.current = el; }} data-testid="ring-outcome-message">{vm.outcome.message}</p>
        <a className="atrium-ring__link" href={vm.calendar.path} data-testid="ring-calendar">{vm.calendar.label}</a>
        <div className="atrium-ring__actions">
          <button type="button" onClick={act.reset} data-testid="ring-again">{vm.tryAgain}</button>
          {!vm.callbackOpen && <button type="button" onClick={act.openCallback} data-testid="ring-callback-open">{vm.callback}</button>}
        </div>
        {vm.callbackOpen && <CallbackForm info={info} language={language} />}
      </div>
    );
  }

  return (
    <div className="atrium-ring__body">
    <form className="atrium-ring__dial" data-testid="ring-dial" onSubmit={(e) => {
      e.preventDefault();
      act.dial();
    }}>
      <p>{vm.intro}</p>
      <fieldset className="atrium-ring__languages" aria-describedby={vm.missingLanguage ? `${id}-missing` : undefined}>
        <legend>{vm.languageLabel}</legend>
        {vm.languages.map((l) => (
          <label key={l.code} className="atrium-ring__choice">
            <input type="radio" name={`${id}-language`} value={l.code} checked={l.selected} onChange={() => act.setLanguage(l.code)} data-testid={`ring-language-${l.code}`} />
            <span>{l.label}</span>
          </label>
        ))}
      </fieldset>
      {vm.missingLanguage && <p className="atrium-ring__problem" id={`${id}-missing`} role="alert">{vm.missingLanguage}</p>}
      <label htmlFor={`${id}-name`}>{vm.nameLabel}</label>
      <input id={`${id}-name`} value={vm.name} onChange={(e) => act.setName(e.target.value)} autoComplete="name" maxLength={100} data-testid="ring-name" />
      <button type="submit" className="atrium-ring__primary" data-testid="ring-call">{vm.call}</button>
      <div className="atrium-ring__actions">
        <a className="atrium-ring__link" href={vm.calendar.path}>{vm.calendar.label}</a>
        {!vm.callbackOpen && <button type="button" className="atrium-ring__plain" onClick={act.openCallback}>{vm.callback}</button>}
      </div>
    </form>
    {vm.callbackOpen && <CallbackForm info={info} language={language} />}
    </div>
  );
}
