/** A tour's guide as the tour ring needs one: who, and which languages they take calls in. */
export interface RingGuide {
  userId: string;
  languages: string[];
}

/**
 * The tour ring's view of the guides data (`tour_guides`, adapted by modules/guides/ringDirectory.ts): the contract it relies on, so the
 * ringing logic is tested with any directory and does not care where guides are kept.
 */
export interface GuidesDirectory {
  list(buildingId: string): Promise<RingGuide[]>;
  forLanguage(buildingId: string, language: string): Promise<RingGuide[]>;
  isGuide(buildingId: string, userId: string): Promise<boolean>;
  /** The tours a user guides (the console shows them online on each). */
  toursOf(userId: string): Promise<string[]>;
  /** How long a call to this tour rings (the tour's setting, 30 s by default). */
  ringTimeoutMs(buildingId: string): Promise<number>;
}
