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
    // One row down: index 0 leaves, index 5 comes into its slot; 1 to 4 keep theirs.
    expect(slots.assign(range(1, 5))).toEqual([1, 2, 3, 4, 0]);
    expect(slots.assign(range(2, 5))).toEqual([2, 3, 4, 0, 1]);
  });

  it('reuses every slot when a fast scroll replaces every row, and the slots stay distinct', () => {
    const slots = new RowSlots();
    slots.assign(range(0, 11));
    const jumped = slots.assign(range(50, 11));
    expect([...jumped].sort((a, b) => a - b)).toEqual(range(0, 11));
    const grown = slots.assign(range(52, 13));
    expect(new Set(grown).size).toBe(13);
    // The rows that stayed (52 to 60) kept their slots; the four new ones took the two that 50 and 51 left, then
    // the next unused ones.
    expect(grown.slice(0, 9)).toEqual(jumped.slice(2));
    const left = jumped.slice(0, 2).sort((a, b) => a - b);
    expect(grown.slice(9)).toEqual([...left, 11, 12]);
  });

  it('gives the same slots when the same indexes are assigned twice (a render done again)', () => {
    const slots = new RowSlots();
    slots.assign(range(0, 6));
    const once = slots.assign(range(3, 6));
    expect(slots.assign(range(3, 6))).toEqual(once);
  });
});
