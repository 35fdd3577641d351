import { Container } from '@react-three/uikit';
import { FollowingGroup } from '../kit/FollowingGroup.tsx';
import { ICONS } from '../kit/icons.ts';
import { PanelButton } from '../kit/PanelButton.tsx';
import { PANEL_BACKGROUND, PANEL_RENDER_ORDER } from '../kit/PanelFrame.tsx';
import { PanelText } from '../kit/PanelText.tsx';
import { useHeldWhilePointed } from '../kit/useHeldWhilePointed.ts';
import { MENU_DISTANCE, MENU_ELEVATION_DEG, MENU_FOLLOW } from '../kit/placement.ts';
import { isRtl } from '../kit/textCanvas.ts';
import type { RegisteredXRPanel } from '../registry.ts';
import { MENU_ITEM_WIDTH, MENU_LABEL_FONT, MENU_LABEL_LINE_HEIGHT, MENU_LABEL_MAX_LINES } from './menuLabel.ts';

export interface XRMenuProps {
  panels: readonly RegisteredXRPanel[];
  openId: string | null;
  lang: string;
  exitLabel: string;
  onToggle: (id: string) => void;
  onExit: () => void;
}

/** Icon buttons 76 mm square: 5.4 degrees at the menu's distance, an easy target for a ray or a pinch. */
const BUTTON = 76;

const GAP = 10;
const COLUMNS = 6;

/**
 * The in-world menu: a floating dock below the line of sight (38 degrees down, 0.8 m away) that follows the
 * wearer lazily. Why floating and not on the wrist: a wrist menu needs the other hand (or controller) tracked and
 * free, and aiming a ray at your own wrist is awkward with controllers; a dock under the view is reached the same
 * way with a controller ray, a hand ray (pinch) or a gaze-and-pinch pointer, with one hand, and never covers the
 * panorama straight ahead. One button per registered panel, in order, then Exit VR; the layout holds still while a
 * pointer rests on the menu.
 */
export function XRMenu({ panels: latestPanels, openId, lang, exitLabel, onToggle, onExit }: XRMenuProps) {
  // Entries that register while a ray is on the menu wait until it leaves, so no button moves under the ray.
  const [panels, pointedHandlers] = useHeldWhilePointed(latestPanels);
  const rtl = isRtl(lang);
  const count = panels.length + 1;
  const columns = Math.min(COLUMNS, count);
  const item = (key: string, title: string, icon: string, onClick: () => void, variant: 'default' | 'selected' | 'danger') => (
    <Container key={key} width={MENU_ITEM_WIDTH} flexDirection="column" alignItems="center" gap={6}>
      <PanelButton label="" lang={lang} icon={icon} iconSize={42} minHeight={BUTTON} minWidth={BUTTON} variant={variant} onClick={onClick} target={`menu:${key}`} />
      <PanelText text={title} lang={lang} width={MENU_ITEM_WIDTH} fontSize={MENU_LABEL_FONT} color="#e6edf3" align="center" maxLines={MENU_LABEL_MAX_LINES} lineHeight={MENU_LABEL_LINE_HEIGHT} />
    </Container>
  );
  return (
    <FollowingGroup distance={MENU_DISTANCE} elevationDeg={MENU_ELEVATION_DEG} follow={MENU_FOLLOW} band="dock" name="xr-menu">
      <Container
        {...pointedHandlers}
        renderOrder={PANEL_RENDER_ORDER}
        pixelSize={0.001}
        anchorX="center"
        anchorY="center"
        width={columns * MENU_ITEM_WIDTH + (columns - 1) * GAP + 2 * 16 + 2 * 2 /* items, gaps, padding, border */}
        padding={16}
        gap={GAP}
        flexDirection={rtl ? 'row-reverse' : 'row'}
        flexWrap="wrap"
        justifyContent="center"
        backgroundColor={PANEL_BACKGROUND}
        borderRadius={24}
        borderWidth={2}
        borderColor="#30363d"
      >
        {panels.map((p) => item(p.id, p.menuLabel, p.icon, () => onToggle(p.id), p.id === openId ? 'selected' : 'default'))}
        {item('exit-vr', exitLabel, ICONS.exit, onExit, 'danger')}
      </Container>
    </FollowingGroup>
  );
}
