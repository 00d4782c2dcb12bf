/**
 * What the access policy is asked about a delivery (decision 016; the matrix is `DELIVERY_MATRIX` in access/policy.ts).
 * Here, beside the delivery, because the delivery's answer names them (`allowedActions`), and the deliveries folder
 * may not import the policy's (the contract's folders form no cycle).
 */
export const DELIVERY_ACTIONS = [
  'read',
  'edit',
  'quote',
  'decide-quote',
  'cancel',
  'move',
  'plan',
  'assign',
  'note',
  'proof',
  'report-location',
  'read-handover-pin',
  'share-tracking',
  'publish-auction',
  'rate-carrier',
  'message',
] as const;
export type DeliveryAction = (typeof DELIVERY_ACTIONS)[number];
