import type { Agent } from './agent.js';

/** Two London stops, enough for a delivery in tests that are not about creating one. */
export const testPickup = {
  kind: 'pickup',
  address: {
    line1: '1 Upper St',
    city: 'London',
    postcode: 'N1 0PQ',
    countryCode: 'GB',
    lat: 51.5362,
    lng: -0.1033,
  },
};
export const testDropoff = {
  kind: 'dropoff',
  address: {
    line1: '10 Mare St',
    city: 'London',
    postcode: 'E8 1HE',
    countryCode: 'GB',
    lat: 51.5456,
    lng: -0.0553,
  },
  extraTaskTypes: ['signature'],
};

export interface TestDelivery {
  uuid: string;
  deliverySteps: {
    deliveryStepUuid: string;
    deliveryStepTasks: { deliveryStepTaskUuid: string; deliveryStepTaskTypeSlug: string }[];
  }[];
  deliveryScheduleWindows: { startAt: string; endAt: string; deliveryScheduleWindowTypeSlug: string }[];
}

/** Creates a pickup-and-dropoff delivery through the API and answers it. */
export async function createTestDelivery(agent: Agent, base: string, body: Record<string, unknown> = {}) {
  const res = await agent.post(`${base}/delivery/create-delivery`, {
    name: 'Test run',
    steps: [testPickup, testDropoff],
    ...body,
  });
  if (res.statusCode !== 201) throw new Error(`create-delivery failed: ${res.statusCode} ${res.body}`);
  return res.json<{ data: TestDelivery }>().data;
}
