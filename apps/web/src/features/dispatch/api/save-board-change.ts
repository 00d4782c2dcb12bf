import { planningCalls, type BoardChangeBody } from '@courier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { deliveryKeys } from '../../../lib/delivery-keys';
import { notifySuccess } from '../../../lib/notifications';
import { dispatchKeys } from './keys';

/**
 * PUT admin/dispatch: saves the routes as arranged (new deliveries assigned to their driver), answering the new board.
 * Silent: a 422 is shown beside its route (a driver without a vehicle), a 409 above the board.
 */
export const saveBoardChange = (slug: string, body: BoardChangeBody) =>
  callApi(planningCalls.saveBoardChange, { params: { companySlug: slug }, body, silent: true });

/** The answer is the day's board: it replaces the cached one; deliveries' lists elsewhere see the new drivers. */
export function useSaveBoardChange(slug: string, day: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BoardChangeBody) => saveBoardChange(slug, body),
    onSuccess: (board) => {
      queryClient.setQueryData(dispatchKeys.board(slug, day), board);
      notifySuccess('Routes Saved', 'Routes saved: the drivers see their new stops.');
      void queryClient.invalidateQueries({ queryKey: deliveryKeys.all(slug) });
    },
  });
}
