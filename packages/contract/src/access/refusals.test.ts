import { describe, expect, it } from 'vitest';
import { DELIVERY_ACTIONS } from '../deliveries/delivery-actions.js';
import { COMPANY_ACTIONS, NOTE_ACTIONS, PLATFORM_ACTIONS, type DeliverySubject } from './policy.js';
import {
  COMPANY_REFUSALS,
  DELIVERY_REFUSALS,
  GENERAL_REFUSAL,
  NOTE_REFUSALS,
  PLATFORM_REFUSALS,
  refusalOf,
} from './refusals.js';

const delivery: DeliverySubject = {
  kind: 'delivery',
  ownerCompanyId: 'owner',
  carrierCompanyId: 'carrier',
  assignedDriverIds: [],
};

describe('the refusals of the policy', () => {
  it('give each subject the words of its own matrix', () => {
    expect(refusalOf('plan', delivery)).toBe(DELIVERY_REFUSALS.plan);
    // The same action name means another thing on another subject: a company's `manage` is not an auction's.
    expect(refusalOf('manage', { kind: 'company', companyId: 'c' })).toBe(
      "This is for the company's admins.",
    );
    expect(
      refusalOf('manage', { kind: 'auction', ownerCompanyId: 'o', bidderCompanyIds: [], state: 'open' }),
    ).toBe('Only the company that published this auction can withdraw it or award it.');
    expect(refusalOf('change', { kind: 'note', companyId: 'c', authorUserId: 'u' })).toBe(
      NOTE_REFUSALS.change,
    );
    expect(refusalOf('run-jobs', { kind: 'platform' })).toBe(PLATFORM_REFUSALS['run-jobs']);
  });

  it('have words for every company, note and platform action, and the general refusal for a delivery’s others', () => {
    for (const action of COMPANY_ACTIONS) expect(COMPANY_REFUSALS[action]).toMatch(/\.$/);
    for (const action of NOTE_ACTIONS) expect(NOTE_REFUSALS[action]).toMatch(/\.$/);
    for (const action of PLATFORM_ACTIONS) expect(PLATFORM_REFUSALS[action]).toMatch(/\.$/);
    for (const action of DELIVERY_ACTIONS)
      expect(refusalOf(action, delivery)).toBe(DELIVERY_REFUSALS[action] ?? GENERAL_REFUSAL);
    expect(
      Object.keys(DELIVERY_REFUSALS).every((a) => (DELIVERY_ACTIONS as readonly string[]).includes(a)),
    ).toBe(true);
  });
});
