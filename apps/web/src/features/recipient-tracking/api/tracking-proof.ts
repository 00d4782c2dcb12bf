import { buildPath, TRACKING_PROOF_FILE_PATH } from '@courier/contract';
import { API_BASE_PATH } from '../../../lib/config';

/** GET /track/:token/proof/:documentUuid: a proof's picture, for the token's holder only (an <img>, no fetcher). */
export const trackingProofUrl = (token: string, documentUuid: string) =>
  `${API_BASE_PATH}${buildPath(TRACKING_PROOF_FILE_PATH, { token, documentUuid })}`;
