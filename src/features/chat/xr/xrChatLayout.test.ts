import { describe, expect, it } from 'vitest';
import { PANEL_FONT } from '../../xr/kit/PanelFrame.tsx';
import { CLOSE_SIZE, PANEL_CONTENT_MAX_HEIGHT, PANEL_GAP, PANEL_MAX_HEIGHT, PANEL_PADDING } from '../../xr/kit/panelSize.ts';
import {
  CHAT_BODY_LINE_HEIGHT, CHAT_BODY_LINES, CHAT_BUBBLE_PADDING_Y, CHAT_CONTENT_HEIGHT, CHAT_MESSAGES_AREA, CHAT_MESSAGE_GAP, CHAT_MESSAGE_HEIGHT,
  CHAT_NOTICE_HEIGHT,
} from './xrChatLayout.ts';
import { XR_CHAT_MESSAGES } from '../model/xrChatPaging.ts';

describe('the in-world chat panel\'s height', () => {
  it('stays within the panels\' 700 mm with its frame, a full page and a notice included', () => {
    expect(PANEL_MAX_HEIGHT).toBe(700);
    expect(CHAT_CONTENT_HEIGHT).toBeLessThanOrEqual(PANEL_CONTENT_MAX_HEIGHT);
    expect(2 * PANEL_PADDING + CLOSE_SIZE + PANEL_GAP + CHAT_CONTENT_HEIGHT).toBeLessThanOrEqual(PANEL_MAX_HEIGHT);
  });

  it('holds a page of two-line messages as the kit\'s canvas text lays them out, under the notice', () => {
    // PanelText's height: whole canvas pixels at twice the layout's, so a line may round up half a millimetre.
    const twoLines = Math.ceil(PANEL_FONT.body * CHAT_BODY_LINE_HEIGHT * 2 * CHAT_BODY_LINES) / 2;
    expect(CHAT_MESSAGE_HEIGHT).toBeGreaterThanOrEqual(twoLines + 2 * CHAT_BUBBLE_PADDING_Y);
    expect(CHAT_MESSAGES_AREA).toBeGreaterThanOrEqual(CHAT_NOTICE_HEIGHT + XR_CHAT_MESSAGES * (CHAT_MESSAGE_GAP + CHAT_MESSAGE_HEIGHT));
  });
});
