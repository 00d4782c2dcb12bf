import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserTimeZone, forgetTimeZone } from './time-zone';

afterEach(() => {
  vi.unstubAllGlobals();
  forgetTimeZone();
});

describe("the browser's time zone", () => {
  it('is asked of Temporal where the browser has it, once', () => {
    const timeZoneId = vi.fn(() => 'Europe/Paris');
    vi.stubGlobal('Temporal', { Now: { timeZoneId } });
    expect(browserTimeZone()).toBe('Europe/Paris');
    expect(browserTimeZone()).toBe('Europe/Paris');
    expect(timeZoneId).toHaveBeenCalledTimes(1);
  });

  it("is Intl's without Temporal, and UTC when neither answers", () => {
    vi.stubGlobal('Temporal', undefined);
    expect(browserTimeZone()).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    forgetTimeZone();
    vi.stubGlobal('Temporal', {
      Now: {
        timeZoneId: () => {
          throw new Error('no zone');
        },
      },
    });
    expect(browserTimeZone()).toBe('UTC');
  });
});
