import {
  can,
  isCompanyRoleSlug,
  NOTIFICATIONS,
  type Actor,
  type Mentionable,
  type NoteableTypeSlug,
} from '@courier/contract';
import { deliveryAccess } from '../../access/delivery-access.js';
import type { DbOrTx } from '../../db/client.js';
import { unprocessable } from '../../lib/app-error.js';
import { notifyUsers } from '../notifications/index.js';
import { requireNoteable, type NoteScope } from './notes.access.js';
import { companyPeople, replaceMentions } from './notes.queries.js';

export interface Noteable {
  type: NoteableTypeSlug;
  id: string;
}

/** The screen a note's record is shown on, with its notes (a notification's link). */
export function noteableLink({ type, id }: Noteable): string | null {
  switch (type) {
    case 'deliveries':
      return `/DeliveryDetail/${id}`;
    case 'vehicles':
      return '/VehicleManage';
    case 'drivers':
      return '/DriversManage';
    default:
      return null;
  }
}

/**
 * Who can read a record's notes (whom a note on it may mention): the members of the notes' company whom the policy
 * lets read them as members of that company (notes stay with the company that writes them, decision 016). On a
 * delivery that is its admins (the delivery is the company's as owner or as carrier) and the drivers of the company
 * assigned to it now; on any other record its admins. The caller must be able to read them too.
 */
export async function mentionableOf(
  db: DbOrTx,
  scope: NoteScope,
  noteable: Noteable,
): Promise<Mentionable[]> {
  const ask =
    noteable.type === 'deliveries'
      ? await deliveryAccess(db, scope.actor, 'read', noteable.id).then(
          ({ subject }) =>
            (actor: Actor) =>
              can(actor, 'read', subject),
        )
      : await requireNoteable(db, scope, { ...noteable, action: 'read' }).then(
          () => (actor: Actor) => can(actor, 'manage', { kind: 'company', companyId: scope.companyId }),
        );
  const companyTypeSlug =
    scope.actor.memberships.find((m) => m.companyId === scope.companyId)?.companyTypeSlug ?? '';
  const people = await companyPeople(db, scope.companyId);
  return people
    .filter((p) =>
      ask({
        userId: p.userId,
        isPlatformAdmin: false,
        memberships: [
          { companyId: scope.companyId, companyTypeSlug, roles: p.roles.filter(isCompanyRoleSlug) },
        ],
      }),
    )
    .map((p) => ({ userUuid: p.userId, name: p.name, email: p.email }));
}

/** 422 on `mentionedUserUuids` unless everyone mentioned can read the record's notes. */
export async function requireMentionable(
  db: DbOrTx,
  scope: NoteScope,
  noteable: Noteable,
  userIds: readonly string[] | undefined,
): Promise<void> {
  if (!userIds || userIds.length === 0) return;
  const readers = new Set((await mentionableOf(db, scope, noteable)).map((m) => m.userUuid));
  if (userIds.some((id) => !readers.has(id)))
    throw unprocessable({
      mentionedUserUuids: ['Mention only people who can read this note.'],
    });
}

const quote = (text: string) =>
  text.length > NOTIFICATIONS.mentionQuoteMax
    ? `${text.slice(0, NOTIFICATIONS.mentionQuoteMax - 1).trimEnd()}…`
    : text;

/**
 * Keeps a note's mentions as `userIds` in the note's transaction and tells each newly mentioned user, but the author,
 * with a `mention` notification linking to the record's screen (decision 028).
 */
export async function saveMentions(
  tx: DbOrTx,
  scope: NoteScope,
  note: { id: string; noteable: Noteable; message: string; authorName: string },
  userIds: readonly string[],
): Promise<void> {
  const added = await replaceMentions(tx, note.id, userIds);
  await notifyUsers(
    tx,
    added
      .filter((userId) => userId !== scope.actor.userId)
      .map((userId) => ({
        userId,
        companyId: scope.companyId,
        kind: 'mention' as const,
        title: `${note.authorName} mentioned you`,
        message: quote(note.message),
        link: noteableLink(note.noteable),
      })),
  );
}
