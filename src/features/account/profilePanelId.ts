/** The profile panel's dialog test id, also its key among the viewer's panels (state/panelTurn.ts). */
export const PROFILE_PANEL = 'panel-profile';
