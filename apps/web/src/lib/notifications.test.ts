import { NOTIFICATION_AUTO_CLOSE_MS } from '@courier/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const show = vi.hoisted(() => vi.fn((_: unknown) => 'id'));
vi.mock('@mantine/notifications', () => ({ notifications: { show, hide: vi.fn() } }));

const { notify, notifyError } = await import('./notifications');
const { HttpError, NetworkError } = await import('./errors');

describe('notifications (spec sections 4, 8, 9)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 10_000 });
    show.mockClear();
  });
  afterEach(() => vi.useRealTimers());

  it('uses the spec colours, 5000 ms auto-close, a border and a close button', () => {
    notify({ type: 'success', title: 'Name Changed', message: 'Name Changed Successfully' });
    expect(show).toHaveBeenCalledWith({
      color: 'teal',
      title: 'Name Changed',
      message: 'Name Changed Successfully',
      autoClose: NOTIFICATION_AUTO_CLOSE_MS,
      withBorder: true,
      withCloseButton: true,
    });
    notify({ type: 'warning', title: 'w', message: 'm' });
    notify({ type: 'info', title: 'i', message: 'm' });
    expect(show.mock.calls.map(([options]) => (options as { color: string }).color)).toEqual([
      'teal',
      'orange',
      'indigo',
    ]);
  });

  it('suppresses an identical notification for 2000 ms', () => {
    const input = { type: 'info', title: 'Same', message: 'Twice' } as const;
    expect(notify(input)).toBe('id');
    vi.advanceTimersByTime(1500);
    expect(notify(input)).toBeNull();
    expect(notify({ ...input, type: 'warning' })).toBe('id'); // another type is not a duplicate
    expect(notify({ ...input, message: 'Other' })).toBe('id');
    vi.advanceTimersByTime(500);
    expect(notify(input)).toBe('id');
    expect(show).toHaveBeenCalledTimes(4);
  });

  it('shows failed calls in red, titled "Error <status>" or "Error Network"', () => {
    notifyError(new HttpError(409, { message: 'E-mail taken' }, 'Conflict'));
    notifyError(new NetworkError('Failed to fetch'));
    expect(show).toHaveBeenNthCalledWith(
      1,
      expect.objectContaining({ color: 'red', title: 'Error 409', message: 'E-mail taken' }),
    );
    expect(show).toHaveBeenNthCalledWith(
      2,
      expect.objectContaining({ color: 'red', title: 'Error Network', message: 'Failed to fetch' }),
    );
  });
});
