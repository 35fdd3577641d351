import { Container } from '@react-three/uikit';
import { PANEL_FONT, PANEL_MUTED_COLOR, PANEL_TEXT_COLOR } from '../../xr/kit/PanelFrame.tsx';
import { PanelButton } from '../../xr/kit/PanelButton.tsx';
import { PanelText } from '../../xr/kit/PanelText.tsx';
import { PanelTextField } from '../../xr/kit/PanelTextField.tsx';
import { isRtl } from '../../xr/kit/textCanvas.ts';
import { useXRTextInput } from '../../xr/kit/useXRTextInput.ts';
import { useXRShown } from '../../xr/kit/xrTargets.ts';
import type { XRPanelViewProps } from '../../xr/registry.ts';
import type { SearchHit } from '../searchDocuments.ts';
import type { SearchVM } from '../searchViewModel.ts';

export type XRSearchPanelVM = SearchVM & {
  /** The field's text (kept while the panel is closed). */
  query: string;
  act: {
    type(query: string): void;
    choose(hit: SearchHit): void;
  };
};

/** Results a panel of about 700 mm shows under the field: the best ones (a more precise word finds the rest). */
export const XR_SEARCH_RESULTS = 4;

/** Marker search in VR: a field typed with the headset's keyboard, the best results as buttons. */
export default function XRSearchPanel({ vm, lang, width }: XRPanelViewProps<XRSearchPanelVM>) {
  const input = useXRTextInput({
    value: vm.query,
    onChange: vm.act.type,
    onEnter: () => {
      const best = vm.results[0];
      if (best) vm.act.choose(best.hit);
    },
    label: vm.inputLabel,
    lang,
    enterKeyHint: 'search',
    testId: 'xr-search-input',
  });
  const results = vm.results.slice(0, XR_SEARCH_RESULTS);
  useXRShown('search', results.map((r) => r.markerId));
  const align = isRtl(lang) ? 'flex-end' : 'flex-start';
  return (
    <Container flexDirection="column" gap={12} width={width}>
      <PanelTextField value={vm.query} placeholder={vm.placeholder} lang={lang} width={width} input={input} target="search:field" />
      {vm.status && (
        <PanelText text={vm.status.text} lang={lang} width={width} fontSize={PANEL_FONT.small} color={vm.status.kind === 'failed' ? '#ff7b72' : PANEL_MUTED_COLOR} maxLines={2} />
      )}
      {vm.noResults && <PanelText text={vm.noResults} lang={lang} width={width} fontSize={PANEL_FONT.body} color={PANEL_TEXT_COLOR} maxLines={1} />}
      {results.map((result, index) => (
        <Container key={result.markerId} flexDirection="column" alignItems={align} gap={2} width={width}>
          <PanelButton label={result.name} lang={lang} labelWidth={width - 40} fontSize={PANEL_FONT.button} onClick={() => vm.act.choose(result.hit)} target={`search:result:${index}`} />
          <PanelText text={result.where} lang={lang} width={width} fontSize={PANEL_FONT.small} color={PANEL_MUTED_COLOR} maxLines={1} />
        </Container>
      ))}
    </Container>
  );
}
