import { parcelCalls } from '@courier/contract';
import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { deliveryKeys } from '../../../lib/delivery-keys';

/** GET parcel/track/:trackingCode: the parcel, its delivery and the delivery's status timeline. */
export const trackParcel = (slug: string, trackingCode: string, signal?: AbortSignal) =>
  callApi(parcelCalls.trackParcel, { params: { companySlug: slug, trackingCode }, signal, silent: true });

export const trackParcelQueryOptions = (slug: string, code: string) =>
  queryOptions({
    queryKey: deliveryKeys.track(slug, code),
    queryFn: code ? ({ signal }) => trackParcel(slug, code, signal) : skipToken,
    retry: false,
  });

export function useTrackParcel(slug: string, code: string) {
  return useQuery(trackParcelQueryOptions(slug, code));
}
