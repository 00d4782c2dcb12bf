// The positions domain (decision 022): drivers' positions filed in the deliveries they have under way, the latest
// position of drivers and vehicles, the live view of a delivery (ETA) and the recipient's public tracking page.
export { positionCompanyRoutes, positionDriverRoutes, trackingRoutes } from './positions.routes.js';
