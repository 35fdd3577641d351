import { describe, expect, it } from 'vitest';
import { OWNER_SETTINGS_DEFAULTS } from '../protocol/ownerSettings.ts';
import { ownerEffects } from './ownerEffects.ts';
import { themeInUse } from '../features/theme/visitorTheme.ts';

const tour = (changes: Partial<typeof OWNER_SETTINGS_DEFAULTS> = {}) => ({ themeColor: 'blue', ownerSettings: { ...OWNER_SETTINGS_DEFAULTS, ...changes } });

describe("the owner's settings in the viewer", () => {
  it('starts the autopilot when the owner turns useAutopilot on, or the address asks for it', () => {
    expect(ownerEffects(tour(), { autopilot: false }).autopilot).toBe(false);
    expect(ownerEffects(tour({ useAutopilot: true }), { autopilot: false }).autopilot).toBe(true);
    expect(ownerEffects(tour(), { autopilot: true }).autopilot).toBe(true);
  });

  it('records statistics only while the analytics switch is on', () => {
    expect(ownerEffects(tour(), { autopilot: false }).analytics).toBe(true);
    expect(ownerEffects(tour({ analytics: false }), { autopilot: false }).analytics).toBe(false);
  });

  it("paints the visitor's theme only where the owner offers the picker", () => {
    expect(themeInUse(tour({ themePicker: true }), 'green')).toBe('green');
    expect(themeInUse(tour({ themePicker: true }), null)).toBe('blue');
    expect(themeInUse(tour({ themePicker: false }), 'green')).toBe('blue');
  });
});
