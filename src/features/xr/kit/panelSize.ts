// The in-world panels' frame in millimetres (layout px at pixelSize 0.001), plain numbers: the frame draws with
// them, and panels and tests (tests/e2e/vr-chat-paging.spec.ts) measure against them without loading uikit.

export const PANEL_PADDING = 32;
/** The close button: 96 mm square, about 4.4 degrees at the panels' distance (a ray finds it at the first try). */
export const CLOSE_SIZE = 96;
/** Between the title row and the content. */
export const PANEL_GAP = 20;

/**
 * The tallest a panel's card should be, frame included: 700 mm is about 31 degrees at the panels' 1.25 m, what the
 * eye takes in without tilting the head; longer content pages instead (README "Rules for in-world views").
 */
export const PANEL_MAX_HEIGHT = 700;
/** What is left of PANEL_MAX_HEIGHT for the content under a one-line title (the close button sets the row's height). */
export const PANEL_CONTENT_MAX_HEIGHT = PANEL_MAX_HEIGHT - 2 * PANEL_PADDING - CLOSE_SIZE - PANEL_GAP;
