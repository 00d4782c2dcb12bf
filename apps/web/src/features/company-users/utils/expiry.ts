import { DOCUMENT_EXPIRY_WARNING_DAYS, type DriverInfo } from '@courier/contract';

const DAY_MS = 24 * 60 * 60 * 1000;

export type ExpiryState = 'expired' | 'expiring' | 'valid' | 'unknown';

export interface Expiry {
  state: ExpiryState;
  /** Days until the expiry, a started day counting whole (negative once past); null when unknown. */
  daysLeft: number | null;
}

/**
 * A licence or insurance is expiring when its expiry falls within DOCUMENT_EXPIRY_WARNING_DAYS (30) from now, and
 * expired once the moment has passed. No date (or an unreadable one) is "unknown", which does not warn.
 */
export function expiryOf(
  expiresAt: string | null | undefined,
  now: Date = new Date(),
  warningDays: number = DOCUMENT_EXPIRY_WARNING_DAYS,
): Expiry {
  const time = expiresAt ? Date.parse(expiresAt) : Number.NaN;
  if (Number.isNaN(time)) return { state: 'unknown', daysLeft: null };
  const msLeft = time - now.getTime();
  // Part of a day still to go counts as a day: "expires in 1 day" until the very moment it expires.
  const daysLeft = msLeft > 0 ? Math.ceil(msLeft / DAY_MS) : Math.floor(msLeft / DAY_MS);
  if (msLeft <= 0) return { state: 'expired', daysLeft };
  if (msLeft <= warningDays * DAY_MS) return { state: 'expiring', daysLeft };
  return { state: 'valid', daysLeft };
}

export type DriverDocumentKind = 'licence' | 'insurance';

export interface ExpiryWarning extends Expiry {
  kind: DriverDocumentKind;
  expiresAt: string;
}

/** The warnings a driver's row shows: each of licence and insurance that is expired or expiring. */
export function expiryWarnings(
  info: Pick<DriverInfo, 'licenceExpiresAt' | 'insuranceExpiresAt'> | undefined,
  now: Date = new Date(),
): ExpiryWarning[] {
  const dates: [DriverDocumentKind, string | null | undefined][] = [
    ['licence', info?.licenceExpiresAt],
    ['insurance', info?.insuranceExpiresAt],
  ];
  return dates.flatMap(([kind, expiresAt]) => {
    const expiry = expiryOf(expiresAt, now);
    return expiresAt && (expiry.state === 'expired' || expiry.state === 'expiring')
      ? [{ kind, expiresAt, ...expiry }]
      : [];
  });
}
