/**
 * Every ISO 3166 region this browser can name, as select options ("United Kingdom", value GB), by name. Built once
 * from Intl.DisplayNames, so the list needs no table of its own and follows the browser's language.
 */
let cached: { value: string; label: string }[] | undefined;

export function countryOptions(): { value: string; label: string }[] {
  if (cached) return cached;
  const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  const options: { value: string; label: string }[] = [];
  for (const a of letters) {
    for (const b of letters) {
      const code = `${a}${b}`;
      let label: string | undefined;
      try {
        // Deprecated codes are aliases of another (UK of GB, BU of MM): keep the current one only.
        if (Intl.getCanonicalLocales(`und-${code}`)[0] !== `und-${code}`) continue;
        label = names.of(code);
      } catch {
        label = undefined;
      }
      // Private-use and grouping codes (XA, EU, UN, ZZ) are not countries a company works from.
      if (label && label !== code && !/^(X.|Q.|EU|EZ|UN|ZZ|AA)$/.test(code))
        options.push({ value: code, label });
    }
  }
  cached = options.sort((x, y) => x.label.localeCompare(y.label));
  return cached;
}

/** The country of the browser's language ("en-GB" gives GB), to preselect. */
export function browserCountry(): string | null {
  const region = /-([A-Z]{2})\b/.exec(navigator.language)?.[1];
  return region && countryOptions().some((o) => o.value === region) ? region : null;
}
