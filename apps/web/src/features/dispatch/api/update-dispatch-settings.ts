import { planningCalls, type DispatchBoard } from '@courier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notifications';
import { dispatchKeys } from './keys';

/** PUT admin/dispatch/settings: the company's auto-assignment of new deliveries on or off. */
export const updateDispatchSettings = (slug: string, autoAssign: boolean) =>
  callApi(planningCalls.updateDispatchSettings, { params: { companySlug: slug }, body: { autoAssign } });

/** Every cached board shows the new setting at once. */
export function useUpdateDispatchSettings(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (autoAssign: boolean) => updateDispatchSettings(slug, autoAssign),
    onSuccess: ({ autoAssign }) => {
      queryClient.setQueriesData<DispatchBoard>({ queryKey: dispatchKeys.boards(slug) }, (board) =>
        board ? { ...board, autoAssign } : board,
      );
      notifySuccess(
        autoAssign ? 'Auto-assignment On' : 'Auto-assignment Off',
        autoAssign
          ? 'Auto-assignment is on: new deliveries go into the best route at once.'
          : 'Auto-assignment is off: new deliveries wait on the board.',
      );
    },
  });
}
