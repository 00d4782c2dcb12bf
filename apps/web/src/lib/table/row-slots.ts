/**
 * Keys for the rows of a virtualised list, by slot rather than by item: a row that scrolls out of view comes back
 * with another item in the same elements, which React updates (texts and attributes) instead of building and styling
 * a new row, as every row in view is replaced on each frame of a fast scroll (decision 053).
 *
 * An index that stays rendered keeps its slot. The indexes that come into view take the slots the others left, in
 * the order those had: React keeps the rows' elements in the order of the indexes (for reading order), moving an
 * element when its key changes place, and a move is a new element for the browser to style. So a fast scroll that
 * replaces every row keeps every key in place, and a scroll by one row moves one. More rows than before take the
 * lowest slots no row holds. Assigning the same indexes again gives the same slots, so a render done twice is harmless.
 */
export class RowSlots {
  private slotOf = new Map<number, number>();
  /** The slots of the last assignment, in the order of its indexes. */
  private order: number[] = [];

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
    const free = this.order.filter((slot) => !taken.has(slot));
    const known = new Set(this.order);
    let fresh = 0;
    const slots = indexes.map((index) => {
      const kept = next.get(index);
      if (kept !== undefined) return kept;
      let slot = free.shift();
      if (slot === undefined) {
        while (known.has(fresh)) fresh++;
        slot = fresh++;
      }
      next.set(index, slot);
      return slot;
    });
    this.slotOf = next;
    this.order = slots;
    return slots;
  }
}
