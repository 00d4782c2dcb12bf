import { FILE_ROUTE_ACCESS, inboxCalls, MESSAGE_ATTACHMENT_FILE_PATH } from '@courier/contract';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { conversationActionOf, registerConversationCall } from './messages.access.js';

/** A handler the start-up check refuses before any request could reach it. */
const never = (): Promise<never> => Promise.reject(new Error('never reached'));

// A call about one conversation is asked by its registration with its rule's action (issue 31): the action the
// registration is given to type its proof must be the rule's, or the server does not start.
describe('a call about one conversation', () => {
  it('refuses at start-up an action that is not its rule’s, or a rule that is not about a conversation', () => {
    expect(() => registerConversationCall(Fastify(), inboxCalls.postMessage, 'read', never)).toThrow(
      /its rule is conversation:write, not conversation:read/,
    );
    expect(() => registerConversationCall(Fastify(), inboxCalls.listConversations, 'read', never)).toThrow(
      /its rule is company:manage/,
    );
  });

  it('reads the action of the attachment route’s rule', () => {
    expect(conversationActionOf(FILE_ROUTE_ACCESS[`GET ${MESSAGE_ATTACHMENT_FILE_PATH}`])).toBe('read');
    expect(() => conversationActionOf('company:manage')).toThrow(/not about a conversation/);
  });
});
