import { Container } from '@react-three/uikit';
import { PANEL_FONT, PANEL_MUTED_COLOR, PANEL_TEXT_COLOR } from '../../xr/kit/PanelFrame.tsx';
import { PanelButton } from '../../xr/kit/PanelButton.tsx';
import { PanelText } from '../../xr/kit/PanelText.tsx';
import { isRtl } from '../../xr/kit/textCanvas.ts';
import type { XRPanelViewProps } from '../../xr/registry.ts';
import type { LoungeAction, LoungeTab } from '../model/loungeViewModel.ts';
import type { XRLoungeVM } from '../model/xrLoungeModel.ts';

export type XRLoungePanelVM = XRLoungeVM & {
  act: {
    sort(): void;
    toggleAvatars(): void;
    tab(tab: LoungeTab): void;
    page(page: number): void;
    run(userId: string, action: Exclude<LoungeAction, 'chat'>): void;
  };
};

const VARIANT: Partial<Record<LoungeAction, 'primary' | 'danger'>> = { invite: 'primary', accept: 'primary', reject: 'danger' };

// Every button needs a label width: PanelButton draws its label only with one, and a uikit Container with nothing to
// draw inside is kept invisible by uikit. Without them the lounge's buttons were blank, hidden objects: the wearer saw
// no labels and the test handles (xrTargets) never reported them as placed, so no ray could be aimed at a row.
// Widths in mm for the default 840 mm panel (a button is 40 mm wider than its label): the two tabs fill a line and
// the sort button wraps below them ("Connections (12)" and "Sort: Name A-Z" are each about 300 mm at button size);
// a row has at most three actions (accept, reject, block; "chat" stays on the flat screen) inside its 10 mm padding.
// Longer labels end in an ellipsis (PanelText maxLines 1).
const TAB_LABEL = 300;
const SORT_LABEL = 440;
const ACTION_LABEL = 220;
const PAGE_LABEL = 200;
/** "Hide people in the scene": on a line of its own under the sort button. */
const AVATARS_LABEL = 440;

/** The lounge in VR: who is here, a page at a time, sorted by one cycling button; invite, accept, reject by ray. */
export default function XRLoungePanel({ vm, lang, width }: XRPanelViewProps<XRLoungePanelVM>) {
  const row = isRtl(lang) ? 'row-reverse' : 'row';
  return (
    <Container flexDirection="column" gap={12} width={width}>
      {vm.status && <PanelText text={vm.status} lang={lang} width={width} fontSize={PANEL_FONT.small} color="#f0b72f" maxLines={2} />}
      <Container flexDirection={row} flexWrap="wrap" gap={10} width={width}>
        {vm.tabs.map((tab) => (
          <PanelButton key={tab.tab} label={tab.label} lang={lang} labelWidth={TAB_LABEL} fontSize={PANEL_FONT.button} variant={tab.selected ? 'selected' : 'default'}
            onClick={() => vm.act.tab(tab.tab)} target={`lounge:tab:${tab.tab}`} />
        ))}
        <PanelButton label={vm.sortLabel} lang={lang} labelWidth={SORT_LABEL} fontSize={PANEL_FONT.button} onClick={vm.act.sort} target="lounge:sort" />
        <PanelButton label={vm.avatarsLabel} lang={lang} labelWidth={AVATARS_LABEL} fontSize={PANEL_FONT.button} onClick={vm.act.toggleAvatars} target="lounge:avatars" />
      </Container>
      {vm.empty && <PanelText text={vm.empty} lang={lang} width={width} fontSize={PANEL_FONT.body} color={PANEL_TEXT_COLOR} maxLines={2} />}
      {vm.rows.map((person, index) => (
        <Container key={person.userId} flexDirection="column" gap={4} width={width} backgroundColor="#161b22" borderRadius={14} padding={10}>
          <PanelText text={person.name} lang={lang} width={width - 20} fontSize={PANEL_FONT.body} fontWeight={700} color={PANEL_TEXT_COLOR} maxLines={1} />
          <PanelText text={[person.line, person.place].filter(Boolean).join(' — ')} lang={lang} width={width - 20} fontSize={PANEL_FONT.small} color={PANEL_MUTED_COLOR} maxLines={1} />
          {person.state && <PanelText text={person.state} lang={lang} width={width - 20} fontSize={PANEL_FONT.small} color="#f0b72f" maxLines={1} />}
          <Container flexDirection={row} gap={8}>
            {person.actions.map(({ action, label }) => (
              <PanelButton key={action} label={label} lang={lang} labelWidth={ACTION_LABEL} fontSize={PANEL_FONT.button} variant={VARIANT[action] ?? 'default'}
                onClick={() => vm.act.run(person.userId, action)} target={`lounge:${action}:${index}`} />
            ))}
          </Container>
        </Container>
      ))}
      {vm.pages > 1 && (
        <Container flexDirection={row} gap={10} alignItems="center">
          <PanelButton label={vm.previous} lang={lang} labelWidth={PAGE_LABEL} fontSize={PANEL_FONT.button} onClick={() => vm.act.page(vm.page - 1)} target="lounge:previous" />
          <PanelText text={vm.pageLabel} lang={lang} width={120} fontSize={PANEL_FONT.small} color={PANEL_MUTED_COLOR} maxLines={1} />
          <PanelButton label={vm.next} lang={lang} labelWidth={PAGE_LABEL} fontSize={PANEL_FONT.button} onClick={() => vm.act.page(vm.page + 1)} target="lounge:next" />
        </Container>
      )}
    </Container>
  );
}
