import { describe, expect, it } from 'vitest';
import { timeAgo } from './time-ago';

const now = Date.parse('2026-11-24T12:00:00Z');
const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString();

describe('timeAgo', () => {
  it('says how long ago, in the largest whole unit', () => {
    expect(timeAgo(ago(10), now)).toBe('just now');
    expect(timeAgo(ago(50), now)).toBe('1 min. ago');
    expect(timeAgo(ago(5 * 60), now)).toBe('5 min. ago');
    expect(timeAgo(ago(3 * 3600 + 59), now)).toBe('3 hr. ago');
    expect(timeAgo(ago(86_400), now)).toBe('yesterday');
    expect(timeAgo(ago(15 * 86_400), now)).toBe('2 wk. ago');
  });
});
