import { describe, expect, it } from 'vitest';
import { noteKeys } from './note-keys';

describe('note query keys', () => {
  it('keeps the @ list out of the prefix that note writes edit as pages of notes', () => {
    const of = noteKeys.of('acme', 'deliveries', 'u1');
    expect(noteKeys.list('acme', 'deliveries', 'u1', null).slice(0, of.length)).toEqual(of);
    expect(noteKeys.mentionable('acme', 'deliveries', 'u1').slice(0, of.length)).not.toEqual(of);
  });
});
