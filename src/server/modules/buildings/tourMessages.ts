/** The spec's section 8 wording for tour availability, sent with the error codes (the viewer translates by code). */
export const TOUR_MESSAGES = {
  notFound: "Sorry, this LiveTour doesn't exist.",
  removed: 'Oops! The LiveTour has been removed. Redirecting you to the first LiveTour of the list',
  hidden: 'This LiveTour is hidden from view.',
  panoramaNotFound: 'Oops! The panorama does not exist.',
} as const;
