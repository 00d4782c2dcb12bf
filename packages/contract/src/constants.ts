/** Business constants and limits of spec section 9. */

export const MAP_DEFAULTS = {
  /** London. */
  primary: { lng: -0.187, lat: 51.528, zoom: 9 },
  /** The second default held in the map state. */
  secondary: { lng: 30.3294, lat: -25.7339, zoom: 10 },
  unit: 'imperial',
} as const;

export const THEME_DEFAULTS = {
  theme: 'light',
  menu: 'vertical',
  navbar: 'navbar-sticky',
  layout: 'full',
  locale: 'en',
  mainLayout: 'app',
  animation: '',
  isDarkMode: false,
  isSemiDark: false,
  sidebar: false,
} as const;
export const THEME_VALUES = ['light', 'dark', 'system'] as const;
export type ThemeValue = (typeof THEME_VALUES)[number];
export const FONT_FAMILY = 'Nunito, sans-serif';

export const DEFAULT_BID_RATES = { costPerDistance: 1, costPerHour: 2, baseFare: 3 } as const;

export const NOTIFICATION_AUTO_CLOSE_MS = 5000;
export const NOTIFICATION_DUPLICATE_WINDOW_MS = 2000;
export const NOTIFICATION_DUPLICATE_CACHE_SIZE = 100;
export const NOTIFICATION_COLORS = {
  success: 'teal',
  error: 'red',
  warning: 'orange',
  info: 'indigo',
} as const;

export const DATA_FETCH_DEBOUNCE_MS = 500;
export const SESSION_CHECK_THROTTLE_MS = 1000;
export const RESPONSE_CACHE_TIME_MS = 5 * 60 * 1000;
export const CACHEABLE_METHODS = ['GET', 'HEAD'] as const;
export const CACHEABLE_STATUSES = [200, 203, 300, 301, 302, 404, 405, 410, 414, 501] as const;

export const PERSIST = { rootKey: 'persist:root', version: 1, rehydrateTimeoutMs: 5000 } as const;
export const DEV_VALIDATION_VALUE_MAX_CHARS = 200;

export const LAYOUT = {
  sidebarWidth: 260,
  sidebarCollapsedWidth: 70,
  collapseAnimationMs: 300,
  scrollTopThresholdPx: 50,
  loaderFadeMs: 200,
  sidebarAutoCloseBreakpointPx: 1024,
  contentMarginBreakpointPx: 767,
  contentMarginPx: 80,
  hoveredContentMarginPx: 260,
} as const;

export const HEADER_DROPDOWN = {
  offset: [0, 8] as const,
  messagePanelWidth: { narrow: 300, wide: 375 },
  notificationPanelWidth: { narrow: 300, wide: 350 },
  emptyText: 'No data available.',
  viewAllActivities: 'VIEW ALL ACTIVITIES',
  readAllNotifications: 'Read All Notifications',
} as const;

export const DEFAULT_LOGGED_IN_ROUTE = '/CompanyDashboard';
export const LOGIN_ROUTE = '/login';
/** The session check's path under /api/v1 (`sessionCalls.meCheck`), wanted by the web app before any schema is loaded. */
export const SESSION_CHECK_PATH = '/me/check';
/**
 * The Support Desk's link under /api/v1 (spec section 2: "external link opening in a new tab"): the server answers it
 * with a redirect to its SUPPORT_URL, so an install chooses its desk without rebuilding the web app (decision 061).
 */
export const SUPPORT_DESK_PATH = '/support';
/** Where the Support Desk leads without SUPPORT_URL: the web app's contact page, whose form reaches the team. */
export const DEFAULT_SUPPORT_PAGE = '/ContactUs';

/** Text limits shared by forms and the API so they cannot drift. */
export const LIMITS = {
  nameMax: 100,
  /** A delivery's external id: the client's own order number (issue 34). */
  externalIdMax: 100,
  /** What a parcel scan may send as the code read from its label (a tracking code is 10 characters). */
  trackingCodeMax: 64,
  /** A company slug chosen at sign-up (SlugSchema takes up to 100 for older ones). */
  slugMin: 2,
  slugMax: 60,
  emailMax: 254,
  passwordMin: 8,
  passwordMax: 200,
  phoneNumberMax: 32,
  phoneNumbersMax: 5,
  descriptionMax: 2000,
  registrationNumberMin: 2,
  registrationNumberMax: 15,
  vehicleYearMin: 1950,
  vehicleFeaturesMax: 20,
  listPerPageMax: 1000,
  importRowsPerRequestMax: 500,
  /** The last row number an import may name: its answers count rows in whole numbers. */
  importRowNumberMax: 10_000_000,
  importFileBytesMax: 5 * 1024 * 1024,
  logoBytesMax: 2 * 1024 * 1024,
  documentBytesMax: 10 * 1024 * 1024,
  contactsPerClientMax: 20,
  proofBytesMax: 10 * 1024 * 1024,
  noteMessageMax: 5000,
  /** People one note may mention (`@Name`). */
  noteMentionsMax: 20,
  calendarRangeDaysMax: 400,
  /** Deepest nesting of a body or query; the deepest call (create delivery) needs 4. */
  inputDepthMax: 32,
  parcelQuantityMax: 10_000,
  parcelWeightKgMax: 50_000,
  parcelVolumeCm3Max: 100_000_000,
  /** Volume × quantity of a parcel line, and the total of a delivery: 2,000 m³, inside PostgreSQL's integer. */
  loadVolumeCm3Max: 2_000_000_000,
  /** Prices and values in minor units (10 million in major units), inside PostgreSQL's integer. */
  moneyMinorMax: 1_000_000_000,
} as const;

/**
 * The recipient's handover code (PIN): the shipper sends it to the recipient, the recipient says it to the driver,
 * the driver types it, and the server checks it and records it as the task's proof. Wrong codes are counted per
 * delivery: after `attemptsMax` wrong ones within `lockMinutes`, the delivery answers 429 until the window passes.
 */
export const HANDOVER_PIN = {
  length: 6,
  attemptsMax: 5,
  lockMinutes: 15,
  /** The proof type a confirmed code is recorded as. */
  proofTypeSlug: 'pin',
} as const;

/**
 * Positions from a driver's phone (issue 12): sent in batches while a delivery is under way, kept offline in the
 * write queue and sent when the signal returns.
 */
export const POSITIONS = {
  /** Points in one POST /driver/location. */
  batchMax: 500,
  /** A point recorded further than this in the future (clock skew) is refused. */
  futureSkewSeconds: 120,
  /** A point older than this is refused (a phone that kept a queue for weeks). */
  maxAgeDays: 7,
  /** The phone sends at most this often while tracking. */
  sendEverySeconds: 5,
  /** A driver's marker looks stale after this long without a position. */
  staleAfterMinutes: 5,
  /** "Arriving" within this distance of the stop. */
  arrivingWithinM: 150,
  /** Points in one answer of a delivery's location history; page on with `since` (decision 022). */
  historyPageMax: 2000,
  /** The driver's recent speed is read from this many latest points, when they are fresh. */
  recentSpeedPoints: 5,
} as const;

/**
 * The one ETA per stop (issue 36, decision 073): computed on the server along the driver's route, stored, and read by
 * every page, message and webhook.
 */
export const ETA = {
  /** A stop's arrival is published on the live stream (and the ETA webhook) when it moved by more than this. */
  publishMovedSeconds: 60,
  /** A stored ETA older than this is computed again when read (the minute job keeps the rest fresh). */
  freshSeconds: 60,
  /** Computed again to within this of the stored arrival (and window), the stored value stands (no jitter). */
  steadySeconds: 15,
} as const;

/**
 * The window told to a recipient around an arrival `durationS` from `now` (epoch ms): a little earlier (10 %, at
 * least a minute) and more later (25 %, at least three minutes), because traffic delays far more often than it
 * speeds up; a position older than POSITIONS.staleAfterMinutes widens it later by the time it has been silent, rather
 * than pretending to know. The one rule every page and message derives a window by.
 */
export function etaWindow(now: number, durationS: number, positionAgeS = 0) {
  const early = Math.max(60, durationS * 0.1);
  const silent = positionAgeS > POSITIONS.staleAfterMinutes * 60 ? positionAgeS : 0;
  const late = Math.max(180, durationS * 0.25) + silent;
  return {
    arriveAt: new Date(now + durationS * 1000),
    earliestAt: new Date(now + Math.max(0, durationS - early) * 1000),
    latestAt: new Date(now + (durationS + late) * 1000),
  };
}

/** The recipient's tracking link (decision 022): an unguessable token per delivery, a public call rate limited per address. */
export const TRACKING = {
  /** Random bytes in a token (written base64url). */
  tokenBytes: 32,
  /** Public tracking requests a minute per address. */
  perMinutePerAddress: 60,
  /** Openings of the tracking stream a minute per address (counted apart from the requests). */
  streamOpensPerMinutePerAddress: 60,
  /** The recipient's writes (instructions, rating: issue 36) a minute per address, and per token. */
  writesPerMinutePerAddress: 30,
  writesPerMinutePerToken: 10,
  /** A proof's picture asked a minute per address (the page shows one or two). */
  proofsPerMinutePerAddress: 60,
  /** The dashboard's recipient-satisfaction figure covers the ratings of this many last days. */
  satisfactionDays: 30,
} as const;

/**
 * Replayable writes carry this header (decision 019): the server keeps the key with its first answer for
 * `retentionHours` per user, answers a repeat with that answer and no second effect, and a repeat with another
 * body with 422.
 */
export const IDEMPOTENCY = {
  header: 'Idempotency-Key',
  replayedHeader: 'Idempotent-Replayed',
  keyMax: 255,
  retentionHours: 24,
} as const;

/** Days before a driver's licence or insurance expiry at which the app warns. */
export const DOCUMENT_EXPIRY_WARNING_DAYS = 30;

/** The product's name, shown by the web app and signed under the mail the server sends. */
export const BRAND_NAME = 'Courier';
