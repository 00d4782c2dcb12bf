import { LIVE_STATUSES } from '@courier/contract';
import { describe, expect, it } from 'vitest';
import { etaLine, positionHint, recipientStatus } from './recipient-status';

describe('what a recipient reads', () => {
  it('has plain words for every live status, and a fallback for an unknown one', () => {
    for (const status of LIVE_STATUSES) expect(recipientStatus(status).label).not.toMatch(/-/);
    expect(recipientStatus('en-route-to-dropoff').label).toBe('On its way to you');
    expect(recipientStatus('something-new').label).toBe('In progress');
  });

  it('says the arrival window, or that the driver is arriving', () => {
    const at = (h: number, m: number) => new Date(2026, 10, 24, h, m).toISOString();
    expect(etaLine(null)).toBeNull();
    expect(etaLine({ earliestAt: at(14, 5), latestAt: at(14, 20), arriving: false }, 'en-GB')).toBe(
      'Arriving between 14:05 and 14:20',
    );
    expect(etaLine({ earliestAt: at(14, 5), latestAt: at(14, 5), arriving: false }, 'en-GB')).toBe(
      'Arriving at about 14:05',
    );
    expect(etaLine({ earliestAt: at(14, 5), latestAt: at(14, 20), arriving: true })).toBe('Arriving now');
  });

  it('says when the map will show the driver, and nothing once they are at the door or it is over', () => {
    expect(positionHint('assigned')).toMatch(/once they are on their way to you/);
    expect(positionHint('en-route-to-pickup')).toMatch(/once they are on their way to you/);
    expect(positionHint('en-route-to-dropoff')).toMatch(/as soon as their phone sends it/);
    for (const status of ['at-dropoff', 'delivered', 'completed', 'failed', 'cancelled', 'returned'])
      expect(positionHint(status)).toBeNull();
  });
});
