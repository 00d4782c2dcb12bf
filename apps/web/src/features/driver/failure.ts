/** The cancel and fail types a driver can meet at the door; the office's own (duplicate, no driver…) are left out. */
export const DRIVER_FAIL_REASONS = [
  'recipient-unavailable',
  'address-not-found',
  'refused-by-recipient',
  'damaged-goods',
  'vehicle-breakdown',
  'weather',
  'other',
] as const;

const MESSAGE_MAX = 500;

/** The status message of a failed attempt: the reason, then the driver's words. */
export function failureMessage(reason: string, details: string): string {
  const text = details.trim();
  return (text ? `${reason}: ${text}` : reason).slice(0, MESSAGE_MAX);
}
