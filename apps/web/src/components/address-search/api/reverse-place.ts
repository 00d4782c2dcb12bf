import { placeCalls } from '@courier/contract';
import { callApi } from '../../../lib/api-client';

/**
 * GET places/reverse: the address nearest a point (null when the geocoder knows none). Throws as callApi does: a
 * 503 when no geocoder answers, a 429 when asked too often.
 */
export const reversePlace = ({ lat, lng }: { lat: number; lng: number }, signal?: AbortSignal) =>
  callApi(placeCalls.reversePlace, { query: { lat, lng }, signal, silent: true });
