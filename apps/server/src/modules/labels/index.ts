// The labels domain (issue 34, decision 067): a PDF of shipping labels, a page per parcel, for one delivery or many.
// app.ts reaches it only through this file.
export { labelRoutes } from './labels.routes.js';
