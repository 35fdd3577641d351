// The tour ring's plain constants, free of zod: the browser's chunks import these (and only types from tourRing.ts),
// so no schema module is pulled into a chunk that runs before the page turns zod's eval probe off (app/zodConfig.ts).

export const TOUR_RING_NAMESPACE = '/tour-ring';
export const TOUR_RING_PROTOCOL_VERSION = 1;
/** How long a call rings before it counts as not answered, unless the tour's setting says otherwise. */
export const TOUR_RING_DEFAULT_TIMEOUT_MS = 30_000;

/** Section 9's country codes. EU and NA are regions: any member country of the European Union, or +1 North America. */
export const PHONE_COUNTRIES = ['JP', 'KR', 'HK', 'SG', 'MY', 'TH', 'VN', 'ID', 'PH', 'EU', 'NA', 'NZ', 'TW'] as const;
export type PhoneCountry = (typeof PHONE_COUNTRIES)[number];
export const PHONE_MESSAGE = 'Please enter the phone number or the format is incorrect';
export const REQUIRED_MESSAGE = 'Field required.';
export const LANGUAGE_MESSAGE = 'Please choose a language.';

/** The booking calendar of a tour (the booking issue's): the viewer opens it from ?calendar=1. */
export const calendarPath = (buildingId: string): string => `/${encodeURIComponent(buildingId)}?calendar=1`;
