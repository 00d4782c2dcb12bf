// The sign-up domain: a new company and its first admin in one step, signed in, with an e-mail verification link
// (decision 029). It sits above identity and memberships and reaches them through their index; app.ts reaches it
// only through this file.
export { signUpRoutes } from './signup.routes.js';
