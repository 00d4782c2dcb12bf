// The places domain (decision 060): the geocoder behind the address search, and the job that places addresses
// written without a point. Other domains and app.ts reach it only through this file.
export { placeColumns, wakePlacing, PLACES_GEOCODE_JOB } from './address-placing.js';
export {
  placesGeocodeJob,
  placesPurgeJob,
  placeWaitingAddresses,
  type PlacedAddress,
  type PlacedFollower,
} from './places.jobs.js';
export { pacedGeocoder } from './places.pacer.js';
export { placesRoutes } from './places.routes.js';
