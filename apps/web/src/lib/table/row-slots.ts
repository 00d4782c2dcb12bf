/**
 * Keys for the rows of a virtualised list, by slot rather than by item: a row that scrolls out of view comes back
 * with another item in the same elements, which React updates (texts and attributes) instead of building and styling
 * a new row, as every row in view is replaced on each frame of a fast scroll (decision 053). An index that stays
 * rendered keeps its slot; an index that comes into view takes the lowest slot that no rendered index holds, so the
 * slots of n rows are 0 to n - 1. Assigning the same indexes again gives the same slots, so a render done twice is
 * harmless.
 */
export class RowSlots {
  private slotOf = new Map<number, number>();

  assign(indexes: readonly number[]): number[] {
    const next = new Map<number, number>();
    const taken = new Set<number>();
    for (const index of indexes) {
      const slot = this.slotOf.get(index);
      if (slot !== undefined) {
        next.set(index, slot);
        taken.add(slot);
      }
    }
    let free = 0;
    const slots = indexes.map((index) => {
      const kept = next.get(index);
      if (kept !== undefined) return kept;
      while (taken.has(free)) free++;
      taken.add(free);
      next.set(index, free);
      return free;
    });
    this.slotOf = next;
    return slots;
  }
}
