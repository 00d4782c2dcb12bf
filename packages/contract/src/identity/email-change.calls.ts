import { defineCall } from '../api/define-call.js';
import { MessageDataSchema } from './session.schemas.js';
import { EmailChangeStateSchema, EmailChangeTokenBodySchema } from './email-change.schemas.js';

/**
 * A change of the sign-in e-mail after it was asked for (`sessionCalls.updateEmail`, decision 056): the new address
 * confirms it with its link; the old address's link cancels it, or undoes it once made.
 */
export const emailChangeCalls = {
  getEmailChange: defineCall({
    method: 'GET',
    path: '/me/email/change',
    summary: 'The change of my sign-in e-mail waiting for confirmation, if any',
    data: EmailChangeStateSchema,
  }),
  cancelEmailChange: defineCall({
    method: 'DELETE',
    path: '/me/email/change',
    summary: 'Cancel the change of my sign-in e-mail waiting for confirmation',
    data: MessageDataSchema,
  }),
  confirmEmailChange: defineCall({
    method: 'POST',
    path: '/email/change/confirm',
    summary: 'Make a change of sign-in e-mail with the link mailed to the new address (works once)',
    body: EmailChangeTokenBodySchema,
    data: MessageDataSchema,
    errors: [409],
  }),
  revertEmailChange: defineCall({
    method: 'POST',
    path: '/email/change/revert',
    summary:
      'With the link mailed to the old address: cancel a change of sign-in e-mail, or undo it for some days after; signs everyone out',
    body: EmailChangeTokenBodySchema,
    data: MessageDataSchema,
    errors: [409],
  }),
};
