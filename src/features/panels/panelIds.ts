/** The panels the float menu opens; one at a time, all closed at first (spec section 4). */
export type PanelId = 'info' | 'building' | 'owner' | 'floorplan' | 'location' | 'share' | 'theme';
