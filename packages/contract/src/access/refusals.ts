import type { DeliveryAction } from '../deliveries/delivery-actions.js';
import {
  AUCTION_REFUSALS,
  CONVERSATION_REFUSALS,
  type ActionOf,
  type AuctionAction,
  type CompanyAction,
  type ConversationAction,
  type NoteAction,
  type PlatformAction,
  type Subject,
} from './policy.js';

/**
 * What a party of a delivery who may not do this is told (403), beside the matrix so the words follow its rows. An
 * action without words here (reading, which whoever may not do does not know: 404) is told the general refusal.
 */
export const DELIVERY_REFUSALS: Readonly<Partial<Record<DeliveryAction, string>>> = {
  edit: 'Only the company that owns this delivery can change its steps, tasks, parcels, contacts or windows.',
  quote: 'Only the company that owns this delivery can quote it.',
  'decide-quote': 'Only the company that owns this delivery can accept or reject its quotes.',
  cancel: 'Only the company that owns this delivery can cancel it.',
  plan: 'Only the company that owns this delivery can schedule or unschedule it, send it out again after a failure or complete it.',
  assign:
    'Only the company that runs this delivery can assign it: its carrier once it has one, otherwise its owner.',
  'report-location': 'Only a driver assigned to this delivery reports its position.',
  'publish-auction': 'Only the company that owns this delivery can offer it for bids.',
  'rate-carrier': 'Only the company that owns this delivery can rate its carrier.',
  message: "Only the admins of the delivery's owner and of its carrier write in its thread.",
};

/** What a member of a company who may not do this is told (a driver on an admin route, an admin on a driver's). */
export const COMPANY_REFUSALS: Readonly<Record<CompanyAction, string>> = {
  manage: "This is for the company's admins.",
  drive: 'This is for drivers.',
  bid: 'Only courier companies bid in the marketplace.',
};

export const NOTE_REFUSALS: Readonly<Record<NoteAction, string>> = {
  change: 'Only its author or a company admin can change this note.',
};

export const PLATFORM_REFUSALS: Readonly<Record<PlatformAction, string>> = {
  'read-mail': "This is for the platform's admins.",
  'run-jobs': "This is for the platform's admins.",
};

/** The refusal of an action without words of its own. */
export const GENERAL_REFUSAL = 'This action is unauthorized.';

/**
 * What the policy tells (403) an actor who knows `subject` but may not do `action` to it: the words of the subject's
 * matrix, so a server helper never keeps its own (issue 31).
 */
export function refusalOf<S extends Subject>(action: ActionOf<S>, subject: S): string {
  switch (subject.kind) {
    case 'delivery':
      return DELIVERY_REFUSALS[action as DeliveryAction] ?? GENERAL_REFUSAL;
    case 'company':
      return COMPANY_REFUSALS[action as CompanyAction];
    case 'note':
      return NOTE_REFUSALS[action as NoteAction];
    case 'platform':
      return PLATFORM_REFUSALS[action as PlatformAction];
    case 'auction':
      return AUCTION_REFUSALS[action as AuctionAction];
    case 'conversation':
      return CONVERSATION_REFUSALS[action as ConversationAction];
  }
}
