import type { NoteMention } from '@courier/contract';

/**
 * Mentions in a note's text are `@` and the person's name as the company knows it ("@Cora Mills"); the note keeps
 * the mentioned users' ids (decision 028), so these helpers only find, insert and draw the names.
 */

/** The `@word` being typed just before the caret, if any: where its `@` is and what follows it. */
export function mentionQueryAt(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  const match = /(^|\s)@([^\s@]{0,30})$/.exec(before);
  if (!match) return null;
  const query = match[2] ?? '';
  return { start: caret - query.length - 1, query };
}

/** The text with the `@query` at `start` replaced by `@Name ` (the caret goes after the space). */
export function insertMention(
  text: string,
  at: { start: number; query: string },
  name: string,
): { text: string; caret: number } {
  const inserted = `@${name} `;
  const end = at.start + 1 + at.query.length;
  return { text: text.slice(0, at.start) + inserted + text.slice(end), caret: at.start + inserted.length };
}

/** Those of the picked people whose `@Name` is still in the text (a name deleted by hand is no mention). */
export function mentionedIn(text: string, picked: readonly NoteMention[]): string[] {
  return [...new Set(picked.filter((p) => text.includes(`@${p.name}`)).map((p) => p.userUuid))];
}

export type MessagePart = { text: string; mention?: NoteMention };

/** A note's text cut into plain runs and its mentions' `@Name`s, longest name first where two overlap. */
export function splitMentions(message: string, mentions: readonly NoteMention[]): MessagePart[] {
  const names = [...mentions].sort((a, b) => b.name.length - a.name.length);
  const parts: MessagePart[] = [];
  let plain = '';
  let i = 0;
  while (i < message.length) {
    const found = message[i] === '@' ? names.find((m) => message.startsWith(`@${m.name}`, i)) : undefined;
    if (found) {
      if (plain) parts.push({ text: plain });
      plain = '';
      parts.push({ text: `@${found.name}`, mention: found });
      i += found.name.length + 1;
    } else {
      plain += message[i];
      i += 1;
    }
  }
  if (plain) parts.push({ text: plain });
  return parts;
}
