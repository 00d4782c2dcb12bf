/** How many decimals a currency's minor unit has (GBP 2, JPY 0); 2 when the browser does not know the code. */
export function minorDigitsOf(currencyCode: string): number {
  try {
    return (
      new Intl.NumberFormat('en', { style: 'currency', currency: currencyCode }).resolvedOptions()
        .maximumFractionDigits ?? 2
    );
  } catch {
    return 2;
  }
}

/** A price typed in major units (12.5) as the API's integer minor units (1250); null when it is not a number. */
export function majorToMinor(major: number | string, currencyCode: string): number | null {
  const value = typeof major === 'number' ? major : Number(major.trim() === '' ? Number.NaN : major);
  if (!Number.isFinite(value)) return null;
  return Math.round(value * 10 ** minorDigitsOf(currencyCode));
}

/** Integer minor units (1250) as major units for an input (12.5). */
export function minorToMajor(minor: number, currencyCode: string): number {
  return minor / 10 ** minorDigitsOf(currencyCode);
}

/** "£12.50" from minor units, in the user's locale. */
export function formatMinor(minor: number, currencyCode: string): string {
  try {
    return new Intl.NumberFormat(undefined, { style: 'currency', currency: currencyCode }).format(
      minorToMajor(minor, currencyCode),
    );
  } catch {
    return `${(minor / 100).toFixed(2)} ${currencyCode}`;
  }
}
