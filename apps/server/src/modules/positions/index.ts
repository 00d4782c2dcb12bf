// The positions domain (decision 022): drivers' positions filed in the deliveries they have under way, the latest
// position of drivers and vehicles, the live view of a delivery (ETA), the recipient's public tracking page and what
// the recipient writes on it (instructions, a rating: issue 36).
export { positionCompanyRoutes, positionDriverRoutes, trackingRoutes } from './positions.routes.js';
// The one computation of a delivery's arrivals, which the recipients' "arriving soon" reads as every view does.
export { deliveryLive, type LiveView } from './eta.service.js';
