import { z } from 'zod';

/**
 * The owner settings of spec sections 3 and 6 (the public profile's customSetting): switches an owner sets once for
 * every tour they own. openLink carries them with the tour, so the viewer applies them without another call.
 */
export const OwnerSettingsSchema = z.object({
  /** Visitor statistics (history, viewing time, marker clicks, the tracked visitor session). */
  analytics: z.boolean(),
  /** Visitors may choose another colour theme for the viewer, kept on their device. */
  themePicker: z.boolean(),
  /** The promotion bar ("Get Started from $5") above the tour. */
  showPromotionHeader: z.boolean(),
  /** Auto-rotation moves on to the next panorama after each turn (the spec's autopilot). */
  useAutopilot: z.boolean(),
});
export type OwnerSettings = z.infer<typeof OwnerSettingsSchema>;
export type OwnerSettingKey = keyof OwnerSettings;
export const OWNER_SETTING_KEYS = ['analytics', 'themePicker', 'showPromotionHeader', 'useAutopilot'] as const satisfies readonly OwnerSettingKey[];

/**
 * What an owner who never chose gets. Statistics stay on (tours recorded visits before the switch existed and the
 * owner's analytics page depends on them); the other three are opt-in features.
 */
export const OWNER_SETTINGS_DEFAULTS: OwnerSettings = Object.freeze({ analytics: true, themePicker: false, showPromotionHeader: false, useAutopilot: false });

/** The body of PUT /v2/users/{id}/customSetting: any of the four switches, at least one, nothing else. */
export const OwnerSettingsUpdateSchema = OwnerSettingsSchema.partial()
  .strict()
  .refine((body) => Object.keys(body).length > 0, { message: `Name at least one setting: ${OWNER_SETTING_KEYS.join(', ')}.` });
export type OwnerSettingsUpdate = z.infer<typeof OwnerSettingsUpdateSchema>;

/** Stored settings (any JSON value) read leniently: a switch that is missing or not a boolean has its default. */
export function readOwnerSettings(stored: unknown): OwnerSettings {
  const record = stored && typeof stored === 'object' ? (stored as Record<string, unknown>) : {};
  const pick = (key: OwnerSettingKey) => (typeof record[key] === 'boolean' ? (record[key] as boolean) : OWNER_SETTINGS_DEFAULTS[key]);
  return { analytics: pick('analytics'), themePicker: pick('themePicker'), showPromotionHeader: pick('showPromotionHeader'), useAutopilot: pick('useAutopilot') };
}
