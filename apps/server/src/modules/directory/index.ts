// The directory domain: a company's clients and addresses, and the address and contact shapes every domain shows.
// Other domains and app.ts reach it only through this file.
export { clientRoutes } from './clients.routes.js';
export { presentContact } from './contacts.presenter.js';
export { presentAddress } from './directory-addresses.presenter.js';
export { addressColumns, addressRow, insertAddress, type AddressRow } from './directory-addresses.queries.js';
export { directoryAddressRoutes } from './directory-addresses.routes.js';
