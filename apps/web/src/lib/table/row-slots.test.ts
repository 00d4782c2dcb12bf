import { describe, expect, it } from 'vitest';
import { RowSlots } from './row-slots';

const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);

describe('RowSlots', () => {
  it('gives the first rows the slots 0 to n - 1', () => {
    expect(new RowSlots().assign(range(0, 5))).toEqual([0, 1, 2, 3, 4]);
  });

  it('keeps the slot of a row that stays rendered and hands the slot of a row that left to the one that came', () => {
    const slots = new RowSlots();
    slots.assign(range(0, 5));
    // One row down: index 0 leaves, index 5 comes into its slot; 1 to 4 keep theirs (one element moves).
    expect(slots.assign(range(1, 5))).toEqual([1, 2, 3, 4, 0]);
    expect(slots.assign(range(2, 5))).toEqual([2, 3, 4, 0, 1]);
    // And back up: index 1 takes the slot 6 left.
    expect(slots.assign(range(1, 5))).toEqual([1, 2, 3, 4, 0]);
  });

  it('keeps every key in its place when a fast scroll replaces every row', () => {
    const slots = new RowSlots();
    slots.assign(range(0, 11));
    const before = slots.assign(range(3, 11));
    expect(before).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 0, 1, 2]);
    // Fifty rows further: no index stays, and the slots come in the order they had, so no element moves.
    expect(slots.assign(range(53, 11))).toEqual(before);
  });

  it('gives the lowest free slots when more rows show, and never two rows one slot', () => {
    const slots = new RowSlots();
    slots.assign(range(0, 4));
    expect(slots.assign(range(0, 6))).toEqual([0, 1, 2, 3, 4, 5]);
    // Fewer rows: 4 and 5 stay, 6 takes the first slot that left (0).
    expect(slots.assign(range(4, 3))).toEqual([4, 5, 0]);
    // More again: 4, 5 and 6 keep theirs; 7 to 9 take the lowest slots no row holds.
    expect(slots.assign(range(4, 6))).toEqual([4, 5, 0, 1, 2, 3]);
  });

  it('gives the same slots when the same indexes are assigned twice (a render done again)', () => {
    const slots = new RowSlots();
    slots.assign(range(0, 6));
    const once = slots.assign(range(3, 6));
    expect(slots.assign(range(3, 6))).toEqual(once);
  });
});
