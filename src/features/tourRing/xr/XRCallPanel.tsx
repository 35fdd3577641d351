import { Container } from '@react-three/uikit';
import { useState } from 'react';
import { PANEL_FONT, PANEL_MUTED_COLOR, PANEL_TEXT_COLOR } from '../../xr/kit/PanelFrame.tsx';
import { labelWidthFor, PanelButton } from '../../xr/kit/PanelButton.tsx';
import { PanelText } from '../../xr/kit/PanelText.tsx';
import { PanelTextField } from '../../xr/kit/PanelTextField.tsx';
import { isRtl } from '../../xr/kit/textCanvas.ts';
import { useXRTextInput } from '../../xr/kit/useXRTextInput.ts';
import { useXRShown } from '../../xr/kit/xrTargets.ts';
import { useXRPanels, type XRPanelViewProps } from '../../xr/registry.ts';
import type { CallbackVM, CallVM } from '../model/callViewModel.ts';
import type { CallActions } from '../model/useCallPanel.ts';
import type { CallbackActions } from '../model/useCallbackForm.ts';

export type XRCallPanelVM = CallVM & {
  act: CallActions & { openCalendar(): void };
  callbackForm: CallbackVM;
  callbackAct: CallbackActions;
};

type Props = XRPanelViewProps<XRCallPanelVM>;

const GAP = 12;
const PROBLEM_COLOR = '#ff7b72';
const COUNTRY_COLUMNS = 3;

/**
 * "Call a guide" in VR: choose a language, call, the ringing and the answer; the calendar link opens the in-world
 * calendar (a link would leave VR), and the call-back form is typed with the headset's keyboard.
 */
export default function XRCallPanel(props: Props) {
  const { vm, lang, width } = props;
  useXRShown('call', [vm.outcome?.kind ?? vm.phase]);
  if (vm.callbackOpen || vm.phase === 'no-guides') {
    return (
      <Container flexDirection="column" gap={GAP} width={width}>
        {vm.phase === 'no-guides' && <Line text={vm.noGuides} lang={lang} width={width} target="ring:status" />}
        <CallbackView {...props} />
      </Container>
    );
  }
  if (vm.ringing) {
    return (
      <Container flexDirection="column" gap={GAP} width={width} alignItems="center">
        <Line text={vm.ringing.title} lang={lang} width={width} target="ring:status" />
        {vm.ringing.left && <PanelText text={vm.ringing.left} lang={lang} width={width} fontSize={PANEL_FONT.small} color={PANEL_MUTED_COLOR} align="center" />}
        <PanelButton label={vm.ringing.hangUp} lang={lang} labelWidth={labelWidthFor(360, PANEL_FONT.button, false)} fontSize={PANEL_FONT.button} variant="danger" onClick={vm.act.hangUp} target="ring:hang-up" />
      </Container>
    );
  }
  if (vm.answered) {
    return (
      <Container flexDirection="column" gap={GAP} width={width} alignItems="center">
        <Line text={vm.answered.text} lang={lang} width={width} target="ring:status" />
        <PanelButton label={vm.answered.join} lang={lang} labelWidth={labelWidthFor(420, PANEL_FONT.button, false)} fontSize={PANEL_FONT.button} variant="primary" onClick={vm.act.join} target="ring:join" />
      </Container>
    );
  }
  if (vm.outcome) {
    return (
      <Container flexDirection="column" gap={GAP} width={width}>
        <Line text={vm.outcome.message} lang={lang} width={width} target="ring:outcome" />
        <Links {...props} again />
      </Container>
    );
  }
  return <DialView {...props} />;
}

function Line({ text, lang, width, target }: { text: string; lang: string; width: number; target?: string }) {
  return <PanelText text={text} lang={lang} width={width} fontSize={PANEL_FONT.body} color={PANEL_TEXT_COLOR} maxLines={3} target={target} />;
}

/** The calendar (when the tour offers it in VR), and "call again" or the call-back form. */
function Links({ vm, lang, width, again }: Props & { again?: boolean }) {
  const calendarOffered = useXRPanels().panels.some((p) => p.id === 'booking');
  const row = isRtl(lang) ? 'row-reverse' : 'row';
  const half = (width - GAP) / 2;
  const font = PANEL_FONT.button;
  return (
    <Container flexDirection="column" gap={GAP} width={width}>
      {calendarOffered && (
        <PanelButton label={vm.calendar.label} lang={lang} labelWidth={labelWidthFor(width, font, false)} fontSize={font} minWidth={width} onClick={vm.act.openCalendar} target="ring:calendar" />
      )}
      <Container flexDirection={row} justifyContent="space-between" width={width}>
        {again && <PanelButton label={vm.tryAgain} lang={lang} labelWidth={labelWidthFor(half, font, false)} fontSize={font} minWidth={half} onClick={vm.act.reset} target="ring:again" />}
        <PanelButton label={vm.callback} lang={lang} labelWidth={labelWidthFor(again ? half : width, font, false)} fontSize={font} minWidth={again ? half : width} onClick={vm.act.openCallback} target="ring:callback-open" />
      </Container>
    </Container>
  );
}

function DialView(props: Props) {
  const { vm, lang, width } = props;
  const row = isRtl(lang) ? 'row-reverse' : 'row';
  const font = PANEL_FONT.button;
  const input = useXRTextInput({ value: vm.name, onChange: vm.act.setName, onEnter: vm.act.dial, label: vm.nameLabel, lang, enterKeyHint: 'send', maxLength: 100, testId: 'xr-ring-name' });
  return (
    <Container flexDirection="column" gap={GAP} width={width}>
      <PanelText text={vm.intro} lang={lang} width={width} fontSize={PANEL_FONT.small} color={PANEL_MUTED_COLOR} maxLines={2} />
      <PanelText text={vm.languageLabel} lang={lang} width={width} fontSize={PANEL_FONT.body} color={PANEL_TEXT_COLOR} maxLines={2} />
      <Container flexDirection={row} flexWrap="wrap" gap={GAP} width={width}>
        {vm.languages.map((l) => (
          <PanelButton key={l.code} label={l.label} lang={lang} labelWidth={labelWidthFor(260, font, false)} fontSize={font} variant={l.selected ? 'selected' : 'default'}
            onClick={() => vm.act.setLanguage(l.code)} target={`ring:language:${l.code}`} />
        ))}
      </Container>
      {vm.missingLanguage && <PanelText text={vm.missingLanguage} lang={lang} width={width} fontSize={PANEL_FONT.small} color={PROBLEM_COLOR} target="ring:problem" />}
      <PanelTextField value={vm.name} placeholder={vm.nameLabel} lang={lang} width={width} input={input} target="ring:name" />
      <PanelButton label={vm.call} lang={lang} labelWidth={labelWidthFor(width, font, false)} fontSize={font} minWidth={width} variant="primary" onClick={vm.act.dial} target="ring:call" />
      <Links {...props} />
    </Container>
  );
}

/** The call-back form: name and phone typed (each field's label is its placeholder), the country and the language chosen with buttons. */
function CallbackView({ vm, lang, width }: Props) {
  const form = vm.callbackForm;
  const act = vm.callbackAct;
  const row = isRtl(lang) ? 'row-reverse' : 'row';
  const font = PANEL_FONT.button;
  const [choosingCountry, setChoosingCountry] = useState(false);
  const phone = useXRTextInput({ value: form.phone.value, onChange: (v) => act.set('phone', v), onEnter: () => act.submit(), label: form.phone.label, lang, enterKeyHint: 'send', maxLength: 40, testId: 'xr-callback-phone' });
  const name = useXRTextInput({ value: form.name.value, onChange: (v) => act.set('name', v), onEnter: () => phone.focus(), label: form.name.label, lang, maxLength: 200, testId: 'xr-callback-name' });
  if (form.sent) return <Line text={form.sent} lang={lang} width={width} target="ring:callback-sent" />;
  const label = (text: string) => <PanelText text={text} lang={lang} width={width} fontSize={PANEL_FONT.small} color={PANEL_MUTED_COLOR} maxLines={1} />;
  const problem = (text: string | null, name: string) => text && <PanelText text={text} lang={lang} width={width} fontSize={PANEL_FONT.small} color={PROBLEM_COLOR} maxLines={2} target={`ring:callback-problem:${name}`} />;
  if (choosingCountry) {
    const cell = (width - (COUNTRY_COLUMNS - 1) * GAP) / COUNTRY_COLUMNS;
    return (
      <Container flexDirection="column" gap={GAP} width={width}>
        {label(form.country.label)}
        <Container flexDirection={row} flexWrap="wrap" gap={GAP} width={width}>
          {form.country.options.map((c) => (
            <PanelButton key={c.code} label={c.label} lang={lang} labelWidth={labelWidthFor(cell, PANEL_FONT.small, false)} fontSize={PANEL_FONT.small} minWidth={cell} maxLines={2}
              variant={c.selected ? 'selected' : 'default'} target={`ring:country:${c.code}`}
              onClick={() => {
                act.set('country', c.code);
                setChoosingCountry(false);
              }} />
          ))}
        </Container>
      </Container>
    );
  }
  return (
    <Container flexDirection="column" gap={GAP} width={width}>
      <PanelText text={form.title} lang={lang} width={width} fontSize={PANEL_FONT.body} fontWeight={600} color={PANEL_TEXT_COLOR} maxLines={1} />
      <PanelTextField value={form.name.value} placeholder={form.name.label} lang={lang} width={width} input={name} target="ring:callback-name" />
      {problem(form.name.problem, 'name')}
      {label(form.country.label)}
      <PanelButton label={form.country.chosen ?? form.country.choose} lang={lang} labelWidth={labelWidthFor(width, font, false)} fontSize={font} minWidth={width} onClick={() => setChoosingCountry(true)} target="ring:callback-country" />
      {problem(form.country.problem, 'country')}
      <PanelTextField value={form.phone.value} placeholder={form.phone.label} lang={lang} width={width} input={phone} target="ring:callback-phone" />
      {problem(form.phone.problem, 'phone')}
      {form.language.options.length > 1 && (
        <Container flexDirection={row} flexWrap="wrap" gap={GAP} width={width} alignItems="center">
          {form.language.options.map((l) => (
            <PanelButton key={l.code} label={l.label} lang={lang} labelWidth={labelWidthFor(260, font, false)} fontSize={font} variant={l.selected ? 'selected' : 'default'}
              onClick={() => act.set('language', l.code)} target={`ring:callback-language:${l.code}`} />
          ))}
        </Container>
      )}
      {problem(form.language.problem, 'language')}
      {form.failed && <PanelText text={form.failed} lang={lang} width={width} fontSize={PANEL_FONT.small} color={PROBLEM_COLOR} maxLines={2} />}
      <PanelButton label={form.send} lang={lang} labelWidth={labelWidthFor(width, font, false)} fontSize={font} minWidth={width} variant="primary"
        onClick={() => {
          if (!form.busy) act.submit();
        }} target="ring:callback-send" />
    </Container>
  );
}
