// The lookups domain: the lists keyed by slug (statuses, types, makes…) and the vehicle model catalogue.
// Other domains and app.ts reach it only through this file.
export { unknownSlugs } from './lookups.check.js';
export { presentVehicleModel } from './lookups.presenter.js';
export { lookupRoutes } from './lookups.routes.js';
export { vehicleModelsById } from './lookups.service.js';
