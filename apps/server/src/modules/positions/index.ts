// The positions domain (decision 022): drivers' positions filed in the deliveries they have under way, the latest
// position of drivers and vehicles, the live view of a delivery (ETA), the recipient's public tracking page and what
// the recipient writes on it (instructions, a rating: issue 36).
export { positionCompanyRoutes, positionDriverRoutes, trackingRoutes } from './positions.routes.js';
// The one ETA per stop (decision 073): stored by the ETA job and read by every view, message and webhook.
export { deliveryLive, type LiveView } from './eta.service.js';
export {
  etasConsumer,
  etasJob,
  POSITIONS_ETAS_JOB,
  POSITIONS_RETIME_JOB,
  refreshDeliveryEtas,
  retimeJob,
} from './etas.service.js';
