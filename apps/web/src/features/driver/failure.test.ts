import { describe, expect, it } from 'vitest';
import { failureMessage } from './failure';

describe('failed attempt message', () => {
  it('is the reason, then the driver’s words when there are any', () => {
    expect(failureMessage('Address not found', '  No number 12  ')).toBe('Address not found: No number 12');
    expect(failureMessage('Weather', '   ')).toBe('Weather');
  });

  it('stays within the status message limit', () => {
    expect(failureMessage('Other', 'x'.repeat(600))).toHaveLength(500);
  });
});
