// Phone numbers of the call-now form, checked with libphonenumber-js (Google's metadata, kept up to date by its
// maintainers) rather than by hand-written patterns: numbering plans change and differ per country.
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min';
import type { PhoneCountry } from './tourRingNames.ts';

/** The European Union's member countries: a number of any of them is a number of the EU region. */
export const EU_COUNTRIES: readonly CountryCode[] = ['AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU', 'IE', 'IT', 'LV', 'LT', 'LU', 'MT', 'NL', 'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE'];
/** North America: the +1 plan's United States and Canada. */
const NA: readonly CountryCode[] = ['US', 'CA'];

/** Which real countries a section 9 code stands for, and the one a number without +prefix is read in. */
function countriesOf(code: PhoneCountry): { accepted: readonly CountryCode[]; national: CountryCode | undefined } {
  if (code === 'EU') return { accepted: EU_COUNTRIES, national: undefined };
  if (code === 'NA') return { accepted: NA, national: 'US' };
  return { accepted: [code], national: code };
}

/**
 * The number in E.164 form when it is a valid number of that country or region, else null. Spaces, dashes, dots and
 * brackets are allowed; a number of the EU region must be written with its +prefix (no one national format covers it).
 */
export function checkPhone(text: string, country: PhoneCountry): string | null {
  const trimmed = text.trim();
  if (!/^\+?[\d\s().-]{4,30}$/.test(trimmed)) return null;
  const { accepted, national } = countriesOf(country);
  const parsed = parsePhoneNumberFromString(trimmed, trimmed.startsWith('+') ? undefined : national);
  if (!parsed || !parsed.isValid()) return null;
  if (!parsed.country || !accepted.includes(parsed.country)) return null;
  return parsed.number;
}
