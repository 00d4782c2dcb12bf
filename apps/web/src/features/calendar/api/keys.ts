/** Query keys of the delivery calendar; a write invalidates `calendarKeys.all(slug)`. */
export const calendarKeys = {
  all: (slug: string) => ['calendar', slug] as const,
  range: (slug: string, start: string, end: string) => [...calendarKeys.all(slug), start, end] as const,
};
