/** The top of a bar chart's scale: the largest value, at least 1 so empty days draw no bars. */
export function chartScale(values: number[]): number {
  return Math.max(1, ...values.filter((v) => Number.isFinite(v)));
}

/** The on-time rate as a whole percentage, or a dash when nothing finished with a window. */
export function formatRate(rate: number | null): string {
  return rate === null ? '—' : `${Math.round(rate * 100)}%`;
}
