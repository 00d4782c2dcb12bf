import { describe, expect, it } from 'vitest';
import { insertMention, mentionedIn, mentionQueryAt, splitMentions } from './mentions';

const cora = { userUuid: 'c', name: 'Cora Mills' };
const cor = { userUuid: 'd', name: 'Cor' };

describe('mentions in a note', () => {
  it('finds the @word typed before the caret, not an e-mail address', () => {
    expect(mentionQueryAt('Hi @Co', 6)).toEqual({ start: 3, query: 'Co' });
    expect(mentionQueryAt('@', 1)).toEqual({ start: 0, query: '' });
    expect(mentionQueryAt('mail a@b.com', 12)).toBeNull();
    expect(mentionQueryAt('Hi @Co and', 10)).toBeNull();
  });

  it('replaces the @word by the name and a space, caret after it', () => {
    expect(insertMention('Hi @Co please', { start: 3, query: 'Co' }, 'Cora Mills')).toEqual({
      text: 'Hi @Cora Mills  please',
      caret: 15,
    });
  });

  it('keeps only the picked people still named in the text', () => {
    expect(mentionedIn('@Cora Mills look', [cora, cor, cora])).toEqual(['c', 'd']);
    expect(mentionedIn('no one', [cora])).toEqual([]);
  });

  it('cuts the text into runs and mentions, the longest name first', () => {
    expect(splitMentions('Hi @Cora Mills and @Cor!', [cor, cora])).toEqual([
      { text: 'Hi ' },
      { text: '@Cora Mills', mention: cora },
      { text: ' and ' },
      { text: '@Cor', mention: cor },
      { text: '!' },
    ]);
    expect(splitMentions('plain', [])).toEqual([{ text: 'plain' }]);
  });
});
