// The fleet domain: a company's vehicles, its own vehicle models and its fleets.
// Other domains and app.ts reach it only through this file.
export { fleetRoutes } from './fleets.routes.js';
export { vehicleRoutes } from './vehicles.routes.js';
