import { LIVE_STATUSES } from '@courier/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { setDateCountry } from '../../lib/date-format';
import {
  etaLine,
  failureNext,
  instructionsOpen,
  positionHint,
  rateable,
  recipientStatus,
  updatesBySelf,
} from './recipient-status';

describe('what a recipient reads', () => {
  it('has plain words for every live status, and a fallback for an unknown one', () => {
    for (const status of LIVE_STATUSES) expect(recipientStatus(status).label).not.toMatch(/-/);
    expect(recipientStatus('en-route-to-dropoff').label).toBe('On its way to you');
    expect(recipientStatus('something-new').label).toBe('In progress');
  });

  afterEach(() => setDateCountry('GB'));

  it("says the arrival window in the sender's country's style, or that the driver is arriving", () => {
    const at = (h: number, m: number) => new Date(2026, 10, 24, h, m).toISOString();
    expect(etaLine(null)).toBeNull();
    setDateCountry('GB');
    expect(etaLine({ earliestAt: at(14, 5), latestAt: at(14, 20), arriving: false })).toBe(
      'Arriving between 14:05 and 14:20',
    );
    expect(etaLine({ earliestAt: at(14, 5), latestAt: at(14, 5), arriving: false })).toBe(
      'Arriving at about 14:05',
    );
    setDateCountry('US');
    expect(etaLine({ earliestAt: at(14, 5), latestAt: at(14, 20), arriving: false })).toBe(
      'Arriving between 2:05 PM and 2:20 PM',
    );
    expect(etaLine({ earliestAt: at(14, 5), latestAt: at(14, 20), arriving: true })).toBe('Arriving now');
  });

  it('stops saying the page updates by itself once the delivery is over for the recipient', () => {
    for (const status of ['assigned', 'en-route-to-dropoff', 'failed'])
      expect(updatesBySelf(status)).toBe(true);
    for (const status of ['delivered', 'completed', 'cancelled', 'returned'])
      expect(updatesBySelf(status)).toBe(false);
  });

  it('takes instructions until delivered, cancelled or returned, and a rating once delivered', () => {
    for (const status of ['created', 'assigned', 'at-dropoff', 'failed'])
      expect(instructionsOpen(status)).toBe(true);
    for (const status of ['delivered', 'completed', 'cancelled', 'returned'])
      expect(instructionsOpen(status)).toBe(false);
    expect(['delivered', 'completed'].map(rateable)).toEqual([true, true]);
    expect(['at-dropoff', 'failed', 'cancelled'].map(rateable)).toEqual([false, false, false]);
  });

  it('says plainly what happens after a failed attempt', () => {
    expect(failureNext('in-touch')).toMatch(/will be in touch.*attempted again/);
    expect(failureNext('returning')).toMatch(/back to the sender/);
  });

  it('says when the map will show the driver, and nothing once they are at the door or it is over', () => {
    expect(positionHint('assigned')).toMatch(/once they are on their way to you/);
    expect(positionHint('en-route-to-pickup')).toMatch(/once they are on their way to you/);
    expect(positionHint('en-route-to-dropoff')).toMatch(/as soon as their phone sends it/);
    for (const status of ['at-dropoff', 'delivered', 'completed', 'failed', 'cancelled', 'returned'])
      expect(positionHint(status)).toBeNull();
  });
});
