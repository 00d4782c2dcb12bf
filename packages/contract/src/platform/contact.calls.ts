import { z } from 'zod';
import { defineCall } from '../api/define-call.js';
import { EmailSchema } from '../common.js';

/** The contact form of /ContactUs (issue 14): stored, rate limited, and mailed to the platform's mailbox. */
export const CONTACT = { nameMax: 120, companyMax: 120, messageMin: 10, messageMax: 4000 } as const;

export const ContactMessageBodySchema = z.object({
  name: z
    .string({ error: 'Give your name.' })
    .trim()
    .min(1, 'Give your name.')
    .max(CONTACT.nameMax, `Keep your name under ${CONTACT.nameMax} characters.`),
  email: EmailSchema,
  company: z
    .string()
    .trim()
    .max(CONTACT.companyMax, `Keep the company under ${CONTACT.companyMax} characters.`)
    .default(''),
  message: z
    .string({ error: 'Write your message.' })
    .trim()
    .min(CONTACT.messageMin, `Write at least ${CONTACT.messageMin} characters.`)
    .max(CONTACT.messageMax, `Keep the message under ${CONTACT.messageMax} characters.`),
});
export type ContactMessageBody = z.infer<typeof ContactMessageBodySchema>;

export const contactCalls = {
  sendContactMessage: defineCall({
    method: 'POST',
    path: '/contact',
    summary: 'Send a message to the team behind this installation',
    body: ContactMessageBodySchema,
    data: z.object({ received: z.literal(true) }),
    status: 201,
  }),
};
