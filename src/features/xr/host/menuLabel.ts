import { fontPx, TEXT_DEG } from '../kit/angularSize.ts';
import { MENU_DISTANCE } from '../kit/placement.ts';

// How much room a label has under its icon in the in-world menu (XRMenu.tsx). Here on their own so that the check
// that every language's labels fit (tests/e2e/xr-menu-labels.spec.ts) measures with the same numbers.

/** Each menu item's width in layout pixels (mm in the world): the 76 mm button and room for the label. */
export const MENU_ITEM_WIDTH = 124;
export const MENU_LABEL_FONT = fontPx(TEXT_DEG.menuLabel, MENU_DISTANCE);
/** Romanian's "Informații despre proprietar" needs three; a longer label is cut with an ellipsis. */
export const MENU_LABEL_MAX_LINES = 3;
export const MENU_LABEL_LINE_HEIGHT = 1.3;
