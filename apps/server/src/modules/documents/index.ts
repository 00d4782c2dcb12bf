// The documents domain: stored files (checked by their bytes, kept through the storage interface) and the proofs of
// delivery attached to a delivery's tasks. Other domains and app.ts reach it only through this file.
export { sendStoredFile, transactionWithUploads } from './files.service.js';
export { proofsJson } from './proofs.queries.js';
export { proofRoutes } from './proofs.routes.js';
export {
  attachProof,
  documentsFromJson,
  presentedProof,
  requireTaskOfDelivery,
  sendProofFile,
  uploadProof,
} from './proofs.service.js';
