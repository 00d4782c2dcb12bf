import { trackingCalls, type PublicTracking, type RecipientInstructionsBody } from '@courier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { trackingQueryKey } from './get-tracking';

/** PUT /track/:token/instructions: public, the token is the credential; 409 once the delivery is final. */
export const saveInstructions = (token: string, body: RecipientInstructionsBody) =>
  callApi(trackingCalls.saveTrackingInstructions, { params: { token }, body, silent: true });

/**
 * Saves the recipient's instructions and writes them into the page's answer at once (the stream's next snapshot says
 * the same); the page shows its own errors (no signed-in shell, no notifications).
 */
export function useSaveInstructions(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RecipientInstructionsBody) => saveInstructions(token, body),
    onSuccess: (saved) => {
      const empty = !saved.doorCode && !saved.safePlace && !saved.note && !saved.callOnArrival;
      queryClient.setQueryData<PublicTracking>(
        trackingQueryKey(token),
        (old) => old && { ...old, instructions: empty ? null : saved },
      );
    },
    // Refused because the delivery moved on (409): the page asks for what it now is.
    onError: () => void queryClient.invalidateQueries({ queryKey: trackingQueryKey(token) }),
  });
}
