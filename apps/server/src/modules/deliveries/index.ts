// The deliveries domain: deliveries with their steps, tasks, parcels, contacts, quotes, assignment and status, and
// the driver's own calls on the deliveries assigned to them. Other domains and app.ts reach it only through this file.
export { assignVehicleAndDrivers, unassignDelivery } from './assignment.service.js';
export { createDelivery } from './create-delivery.service.js';
export { loadDeliveries, loadDelivery } from './deliveries.service.js';
export { deliveryRoutes } from './deliveries.routes.js';
export { deliveryEditRoutes } from './delivery-edits.routes.js';
export { driverDeliveryRoutes } from './driver-deliveries.routes.js';
export { parcelRoutes } from './parcels.routes.js';
export { applyLiveStatus } from './status.service.js';
export { acceptCarrierBid } from './quotes.service.js';
export { formatMoney } from './delivery-children.presenter.js';
export { benchFileText, benchStatements } from './bench-statements.js';
export { placeStepByHand, rerouteJob, stepsFollowPlacedAddresses } from './step-places.service.js';
