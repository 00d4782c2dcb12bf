import type { DriverDelivery } from '@courier/contract';
import { describe, expect, it } from 'vitest';
import { queuedAvailability, withQueuedStatus } from './overlay';
import type { DriverWrite, QueuedWrite } from './queued-write';

const UUID = '22222222-2222-4222-8222-222222222222';
const delivery = {
  uuid: UUID,
  deliveryLiveStatusTypeSlug: 'en-route-to-pickup',
  nextStatusOptions: { user: ['at-pickup', 'failed'], system: [] },
} as unknown as DriverDelivery;

let id = 0;
const entry = (write: DriverWrite, state: QueuedWrite['state'] = 'waiting'): QueuedWrite => ({
  id: ++id,
  key: `k${id}`,
  userUuid: 'me',
  label: '',
  queuedAt: 0,
  state,
  attempts: 0,
  failure: null,
  write,
});
const move = (statusSlug: 'at-pickup' | 'picked-up', deliveryUuid = UUID) =>
  entry({ kind: 'status', deliveryUuid, body: { statusSlug } });

describe('the queued state over the server answer', () => {
  it("applies waiting moves in order, with the machine's next driver moves", () => {
    const shown = withQueuedStatus(delivery, [move('at-pickup'), move('picked-up')]);
    expect(shown.deliveryLiveStatusTypeSlug).toBe('picked-up');
    expect(shown.nextStatusOptions.user).toEqual(['en-route-to-dropoff', 'failed']);
    expect(shown.statusWaiting).toBe(true);
  });

  it('leaves out failed moves and other deliveries', () => {
    const failed = { ...move('at-pickup'), state: 'failed' as const };
    const other = move('picked-up', '33333333-3333-4333-8333-333333333333');
    expect(withQueuedStatus(delivery, [failed, other])).toBe(delivery);
  });

  it('shows the last availability waiting to be sent', () => {
    const set = (driverStatusSlug: 'available' | 'on-break') =>
      entry({ kind: 'availability', body: { driverStatusSlug } });
    expect(queuedAvailability([])).toBeNull();
    expect(queuedAvailability([set('available'), set('on-break')])).toBe('on-break');
  });
});
