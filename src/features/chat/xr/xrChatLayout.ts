// The in-world chat panel's heights (mm = layout px), fixed so the card is as tall on every page as on the first:
// it neither grows past the panels' bound with long messages nor shrinks when a button comes or goes. Plain numbers,
// free of uikit, so a unit test adds them up (xrChatLayout.test.ts: the whole within the panels' bound).
import { PANEL_FONT } from '../../xr/kit/PanelFrame.tsx';
import { XR_CHAT_MESSAGES } from '../model/xrChatPaging.ts';

/** A row of buttons (paging; the field and Send): the kit's button height. */
export const CHAT_CONTROL_ROW = 64;
/** Between the paging row, the messages and the field. */
export const CHAT_ROW_GAP = 8;
export const CHAT_MESSAGE_GAP = 6;

/** Body text in a bubble: two lines at most (a longer message ends in an ellipsis), lines closer than the kit's 1.45. */
export const CHAT_BODY_LINES = 2;
export const CHAT_BODY_LINE_HEIGHT = 1.3;
export const CHAT_BUBBLE_PADDING_Y = 8;
/** One message: its bubble of two lines (the author and its state stand beside it, not above). */
export const CHAT_MESSAGE_HEIGHT = Math.ceil(2 * CHAT_BUBBLE_PADDING_Y + CHAT_BODY_LINES * PANEL_FONT.body * CHAT_BODY_LINE_HEIGHT);

/** The line that says what went wrong (connection lost, earlier messages not loaded): two lines of small print. */
export const CHAT_NOTICE_LINES = 2;
export const CHAT_NOTICE_LINE_HEIGHT = 1.3;
export const CHAT_NOTICE_HEIGHT = Math.ceil(CHAT_NOTICE_LINES * PANEL_FONT.small * CHAT_NOTICE_LINE_HEIGHT);

/** The messages' area: room for the notice and a full page, whether or not they are there. */
export const CHAT_MESSAGES_AREA = CHAT_NOTICE_HEIGHT + XR_CHAT_MESSAGES * (CHAT_MESSAGE_GAP + CHAT_MESSAGE_HEIGHT);

/** The whole content under the frame's title: the paging row, the messages' area, the field. */
export const CHAT_CONTENT_HEIGHT = CHAT_CONTROL_ROW + CHAT_ROW_GAP + CHAT_MESSAGES_AREA + CHAT_ROW_GAP + CHAT_CONTROL_ROW;

