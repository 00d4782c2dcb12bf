/**
 * What the sign-in form needs only when it is sent: the contract's LoginBodySchema and the login call, whose
 * definitions carry zod schemas. Loaded on the form's first focus or submit, so a cold /login does not download zod
 * (decision 045).
 */
export { LoginBodySchema } from '@courier/contract';
export { login, settleSignedIn } from './login';
