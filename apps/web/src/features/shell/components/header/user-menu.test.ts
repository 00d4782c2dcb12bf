import { describe, expect, it } from 'vitest';
import { initialsOf } from './user-menu';

describe('initialsOf', () => {
  it('takes the first letters of the first two words, as the avatar draws them', () => {
    expect(initialsOf('Ada Lovelace')).toBe('AL');
    expect(initialsOf('jean  paul  sartre')).toBe('JP');
    expect(initialsOf('Cher')).toBe('CH');
    expect(initialsOf('  ')).toBe('');
  });
});
