// The messages domain: the inbox (decision 031), conversations between a company's admins and a thread per shared
// delivery between its owner's and its carrier's admins. Other domains and app.ts reach it only through this file.
export { messageRoutes } from './messages.routes.js';
