import { Container } from '@react-three/uikit';
import { useState } from 'react';
import { ICONS } from '../../xr/kit/icons.ts';
import { PANEL_FONT, PANEL_MUTED_COLOR, PANEL_TEXT_COLOR } from '../../xr/kit/PanelFrame.tsx';
import { labelWidthFor, PanelButton } from '../../xr/kit/PanelButton.tsx';
import { PanelText } from '../../xr/kit/PanelText.tsx';
import { PanelTextField } from '../../xr/kit/PanelTextField.tsx';
import { isRtl } from '../../xr/kit/textCanvas.ts';
import { useXRTextInput } from '../../xr/kit/useXRTextInput.ts';
import { useXRShown } from '../../xr/kit/xrTargets.ts';
import type { XRPanelViewProps } from '../../xr/registry.ts';
import { BOOKING_NAME_MAX } from '../../../protocol/booking.ts';
import type { BookingVM } from '../bookingViewModel.ts';
import { slotPage } from '../slotPage.ts';
import type { BookingActions } from '../useBookingCalendar.ts';

export type XRBookingPanelVM = BookingVM & { act: BookingActions };

const GAP = 12;
/** Time buttons a page: two rows of four keep the panel under about 700 mm with the week's controls above. */
const COLUMNS = 4;
const ROWS = 2;
const PROBLEM_COLOR = '#ff7b72';

type Props = XRPanelViewProps<XRBookingPanelVM>;

// A field's label is its placeholder: an empty field with no text would have nothing for uikit to draw (hidden).

/** The booking calendar in VR: the week's free times, one day at a time, then the form (name, email) and the confirmation. */
export default function XRBookingPanel(props: Props) {
  const { vm } = props;
  if (vm.done) {
    return (
      <Container flexDirection="column" gap={GAP} width={props.width}>
        <PanelText text={vm.done.title} lang={props.lang} width={props.width} fontSize={PANEL_FONT.title} fontWeight={700} color={PANEL_TEXT_COLOR} target="booking:done-title" />
        <PanelText text={vm.done.text} lang={props.lang} width={props.width} fontSize={PANEL_FONT.body} color={PANEL_TEXT_COLOR} maxLines={6} target="booking:done" />
      </Container>
    );
  }
  if (vm.form) return <BookingFormView {...props} form={vm.form} />;
  return <WeekView {...props} />;
}

function WeekView({ vm, lang, width }: Props) {
  const { calendar, act } = vm;
  const rtl = isRtl(lang);
  const row = rtl ? 'row-reverse' : 'row';
  const [dayKey, setDayKey] = useState<string | null>(null);
  const [page, setPage] = useState(0);
  const shown = slotPage(calendar.days, dayKey, page, COLUMNS * ROWS);
  useXRShown('booking', shown.slots.map((s) => s.start));
  const half = (width - GAP) / 2;
  const cell = (width - (COLUMNS - 1) * GAP) / COLUMNS;
  const font = PANEL_FONT.button;
  // The day's page arrows point the way time moves: mirrored in right-to-left text, like the flat panel's. (The week
  // buttons say it in words: an arrow beside an Arabic label was drawn pointing the left-to-right way.)
  const back = rtl ? ICONS.next : ICONS.previous;
  const forward = rtl ? ICONS.previous : ICONS.next;
  const spacer = (w: number) => <Container width={w} height={64} flexShrink={0} />;
  const chooseDay = (key: string) => {
    setDayKey(key);
    setPage(0);
  };
  return (
    <Container flexDirection="column" gap={GAP} width={width}>
      {calendar.languages.length > 0 && (
        <Container flexDirection={row} gap={GAP} alignItems="center" width={width} flexWrap="wrap">
          <PanelText text={calendar.languageLabel} lang={lang} width={180} fontSize={PANEL_FONT.small} color={PANEL_MUTED_COLOR} maxLines={2} />
          {calendar.languages.map((l) => (
            <PanelButton key={l.code} label={l.name} lang={lang} labelWidth={labelWidthFor(200, font, false)} fontSize={font} variant={l.selected ? 'selected' : 'default'}
              onClick={() => act.setLanguage(l.code)} target={`booking:language:${l.code}`} />
          ))}
        </Container>
      )}
      <PanelText text={calendar.timesIn} lang={lang} width={width} fontSize={PANEL_FONT.small} color={PANEL_MUTED_COLOR} maxLines={2} />
      <Container flexDirection={row} justifyContent="space-between" width={width}>
        {calendar.previous.enabled
          ? <PanelButton label={calendar.previous.label} lang={lang} labelWidth={labelWidthFor(half, font, false)} fontSize={font} onClick={act.previousWeek} target="booking:previous" minWidth={half} />
          : spacer(half)}
        {calendar.next.enabled
          ? <PanelButton label={calendar.next.label} lang={lang} labelWidth={labelWidthFor(half, font, false)} fontSize={font} onClick={act.nextWeek} target="booking:next" minWidth={half} />
          : spacer(half)}
      </Container>
      {calendar.status && (
        <PanelText text={calendar.status.text} lang={lang} width={width} fontSize={PANEL_FONT.body} color={calendar.status.kind === 'failed' ? PROBLEM_COLOR : PANEL_MUTED_COLOR} maxLines={2} target="booking:status" />
      )}
      {calendar.days.length > 0 && (
        <Container flexDirection={row} flexWrap="wrap" gap={GAP} width={width}>
          {calendar.days.map((day, i) => (
            <PanelButton key={day.key} label={day.short} lang={lang} labelWidth={labelWidthFor(cell, font, false)} fontSize={font} minWidth={cell} maxLines={2}
              variant={day.key === shown.day?.key ? 'selected' : 'default'} onClick={() => chooseDay(day.key)} target={`booking:day:${i}`} />
          ))}
        </Container>
      )}
      {shown.day && (
        <Container flexDirection={row} alignItems="center" gap={GAP} width={width}>
          {shown.page > 0 ? <PanelButton label="" icon={back} lang={lang} onClick={() => setPage(shown.page - 1)} target="booking:earlier" /> : spacer(64)}
          <Container flexGrow={1} flexShrink={1}>
            <PanelText text={shown.day.label} lang={lang} width={width - 2 * (64 + GAP)} fontSize={PANEL_FONT.body} fontWeight={600} color={PANEL_TEXT_COLOR} align="center" maxLines={1} target="booking:day" />
          </Container>
          {shown.page < shown.pages - 1 ? <PanelButton label="" icon={forward} lang={lang} onClick={() => setPage(shown.page + 1)} target="booking:later" /> : spacer(64)}
        </Container>
      )}
      {shown.slots.length > 0 && (
        <Container flexDirection={row} flexWrap="wrap" gap={GAP} width={width}>
          {shown.slots.map((slot, i) => (
            <PanelButton key={slot.start} label={slot.label} lang={lang} labelWidth={labelWidthFor(cell, font, false)} fontSize={font} minWidth={cell}
              onClick={() => act.choose(slot.start)} target={`booking:slot:${i}`} />
          ))}
        </Container>
      )}
    </Container>
  );
}

function BookingFormView({ vm, lang, width, form }: Props & { form: NonNullable<BookingVM['form']> }) {
  const { act } = vm;
  const row = isRtl(lang) ? 'row-reverse' : 'row';
  const name = form.fields.find((f) => f.name === 'name')!;
  const email = form.fields.find((f) => f.name === 'email')!;
  const emailInput = useXRTextInput({
    value: email.value, onChange: (v) => act.setField('email', v), onEnter: () => act.submit(),
    label: email.label, lang, enterKeyHint: 'send', maxLength: 254, testId: 'xr-booking-email',
  });
  const nameInput = useXRTextInput({
    value: name.value, onChange: (v) => act.setField('name', v), onEnter: () => emailInput.focus(),
    label: name.label, lang, enterKeyHint: 'done', maxLength: BOOKING_NAME_MAX, testId: 'xr-booking-name',
  });
  const half = (width - GAP) / 2;
  const font = PANEL_FONT.button;
  const field = (f: typeof name, input: typeof nameInput) => (
    <Container flexDirection="column" gap={6} width={width}>
      <PanelTextField value={f.value} placeholder={f.label} lang={lang} width={width} input={input} target={`booking:field:${f.name}`} />
      {f.problem && <PanelText text={f.problem} lang={lang} width={width} fontSize={PANEL_FONT.small} color={PROBLEM_COLOR} maxLines={1} target={`booking:problem:${f.name}`} />}
    </Container>
  );
  return (
    <Container flexDirection="column" gap={GAP} width={width}>
      <PanelText text={form.title} lang={lang} width={width} fontSize={PANEL_FONT.body} fontWeight={600} color={PANEL_TEXT_COLOR} maxLines={2} target="booking:form-title" />
      {field(name, nameInput)}
      {field(email, emailInput)}
      {form.failure && <PanelText text={form.failure} lang={lang} width={width} fontSize={PANEL_FONT.small} color={PROBLEM_COLOR} maxLines={2} target="booking:failure" />}
      <Container flexDirection={row} justifyContent="space-between" width={width}>
        <PanelButton label={form.back} lang={lang} labelWidth={labelWidthFor(half, font, false)} fontSize={font} minWidth={half} onClick={act.back} target="booking:back" />
        <PanelButton label={form.submit} lang={lang} labelWidth={labelWidthFor(half, font, false)} fontSize={font} minWidth={half} variant="primary"
          onClick={() => {
            if (!form.busy) act.submit();
          }} target="booking:submit" />
      </Container>
    </Container>
  );
}
