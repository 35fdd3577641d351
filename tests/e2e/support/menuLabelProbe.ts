// Bundled into a blank page by xr-menu-labels.spec.ts: the in-world menu's own wrapping and numbers, measured by the
// browser's text engine as the headset's page would.
export { fontStack, wrapText } from '../../../src/features/xr/kit/textCanvas.ts';
export { MENU_ITEM_WIDTH, MENU_LABEL_FONT, MENU_LABEL_MAX_LINES } from '../../../src/features/xr/host/menuLabel.ts';
