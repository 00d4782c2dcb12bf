/** The top of a bar chart's scale: the largest value, at least 1 so empty days draw no bars. */
export function chartScale(values: number[]): number {
  return Math.max(1, ...values.filter((v) => Number.isFinite(v)));
}

/** The on-time rate as a whole percentage, or a dash when nothing finished with a window. */
export function formatRate(rate: number | null): string {
  return rate === null ? '—' : `${Math.round(rate * 100)}%`;
}

/**
 * Recipients' satisfaction (issue 36): the average stars to one decimal ("4.3 / 5"), a dash with no rating, and a
 * hint that says how many ratings over how many days.
 */
export function formatSatisfaction(
  s: { averageStars: number | null; ratings: number },
  days: number,
): { value: string; hint: string } {
  if (s.averageStars === null || s.ratings === 0)
    return { value: '—', hint: `no recipient ratings in ${days} days` };
  return {
    value: `${s.averageStars.toFixed(1)} / 5`,
    hint: `from ${s.ratings} recipient rating${s.ratings === 1 ? '' : 's'} in ${days} days`,
  };
}
