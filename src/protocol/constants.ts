// The spec's business constants (section 9), kept once. Client and server import from here.

export const REQUEST_TIMEOUT_MS = 30_000;
export const COMMENT_BATCH = 10;
/** Longest comment or reply, in characters (the spec gives no figure; a few sentences is enough for a tour). */
export const COMMENT_MAX_LENGTH = 500;
export const VISITOR_TIME_UPDATE_MS = 5_000;
export const VISITOR_REPORT_MS = 10_000;
export const VISITOR_TIMER_TICK_MS = 1_000;
export const CLICK_DEDUPE_MS = 1_000;
export const CHINA_CHECK_TIMEOUT_MS = 2_000;
export const REDIRECT_DELAY_MS = 2_000;
export const GATE_READY_DELAY_MS = 3_500;
export const GATE_PASS_DELAY_MS = 2_000;
export const SESSION_RETRY_MS = 1_000;
export const PROGRESS_DEFAULT_MAX = 30;
/** Progress maximum is panorama count plus this. */
export const PROGRESS_EXTRA = 12;
export const PROGRESS_PER_PREVIEW = 2;
export const PROGRESS_MARKERS_READY = 10;
export const DEFAULT_FOV = 120;
export const DEFAULT_LOOK_OFFSET = 90;
export const ALERT_DURATION_MS = 3_000;
export const ALERT_ANIMATION_MS = 300;
export const CONSENT_COOKIE_DAYS = 365;
export const ANALYTICS_COOKIE_MAX_AGE_S = 7_200;
export const RECORDING_LIMIT_MS = 10 * 60_000;
export const MEETING_HOST_ABSENCE_MS = 5 * 60_000;
export const MEETING_RECONNECT_MS = 5 * 60_000;
export const INVITATION_NOTE_MAX = 1_000;
/**
 * Section 5: a favourite's note is limited to {n} letters; the spec does not print n. 500 letters hold a few sentences
 * (a size, a price to ask about, who to call) and keep a PDF of many favourites readable.
 */
export const FAVORITE_NOTE_MAX = 500;
export const PASSWORD_MIN_LENGTH = 8;
export const LIKE_COUNT_FLOOR = 0;
export const DEFAULT_ROTATION_ANGLE = 360;
export const LINE_WRAP_LENGTH = 15;
export const ICON_SIZE = 51.2;
export const TOKEN_EXPIRY_MARGIN_S = 1;
export const ORDER_STATUS = 'IN_PROGRESS';
export const ORDER_QUANTITY_PER_ADD = 1;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** Panorama image outputs (section 9): width limits and JPEG quality; fit is scale-down (never enlarge). */
export const PANORAMA_IMAGES = {
  adjustedRaw: { width: 8192, quality: 80 },
  desktop: { width: 8192, quality: 80 },
  preview: { width: 400, quality: 80 },
} as const;

/** Auto-rotate speeds: fractions of 360 per unit (section 9). */
export const ROTATE_SPEEDS = { slow: 200, average: 100, fast: 50, instant: 0.5, autoRotate: 200, autoStart: 5 } as const;

export const THEME_COLORS = ['default', 'red', 'black', 'blue', 'green', 'orange', 'yellow'] as const;
export const DEFAULT_THEME = { main: '#ec0974', sub: '#662e91' } as const;

export const ROOM_CATEGORIES = [
  'livingroom', 'diningroom', 'kitchen', 'bedroom', 'study', 'bathroom', 'toilet',
  'garden', 'garage', 'outdoors', 'others', 'custom',
] as const;
/** Autopilot skips these rooms. */
export const AUTOPILOT_SKIPPED_CATEGORIES = ['toilet', 'bathroom'] as const;

export const MARKER_TYPES = [
  'point', 'teleport', 'memo', 'tag', 'gallery', 'popup', 'arMakerTag', 'pdf', 'narration',
  'multitag', 'sticker', 'search', 'videoplay',
] as const;
/** Stored by older data but never shown: dropped by the data normalisation (section 4). */
export const DROPPED_MARKER_TYPES = ['mosaic'] as const;
export const POINT_ICON_TYPES = [
  'leftArrow', 'leftFrontArrow', 'rightFrontArrow', 'rightArrow', 'frontArrow', 'upstairsArrow', 'downstairsArrow',
] as const;
export const POPUP_ICON_TYPES = ['link', 'video', 'web'] as const;
export const PLACEMENT_KINDS = ['product', 'company', 'livetour'] as const;
export const SEARCHABLE_MARKER_TYPES = [
  'tag', 'gallery', 'narration', 'memo', 'popup', 'arMakerTag', 'multitag', 'videoplay', 'pdf',
] as const;
export const BUILDING_KINDS = ['BUILDING', 'TOURRING'] as const;

export const LINK_SOURCES = ['facebook', 'twitter', 'linkedin', 'qrcode', 'yc', 'email', 'messenger', 'line', 'whatsapp'] as const;
export const SHARE_REFS = ['qrcode', 'facebook', 'twitter', 'messenger', 'line', 'yc-fullscreen', 'whatsapp'] as const;

export const INTERFACE_LANGUAGES = [
  'ar', 'en', 'en-GB', 'de', 'fr', 'ko', 'ja', 'zh-TW', 'zh-CN', 'nl', 'es', 'cs', 'da', 'fi', 'el', 'hu', 'it',
  'no', 'pl', 'pt', 'ru', 'sv', 'th', 'tr', 'vi', 'lt', 'ms', 'mn', 'ro', 'uk',
] as const;
export const RTL_LANGUAGES = ['ar'] as const;
export const FALLBACK_LANGUAGE = 'en';
