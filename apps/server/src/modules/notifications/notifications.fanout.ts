import {
  AUCTION_NEWS,
  NOTIFICATION_EMAIL_DEFAULTS,
  NOTIFIED_STATUSES,
  type LiveEventData,
  type NotificationKind,
} from '@courier/contract';
import type { DbOrTx } from '../../db/client.js';
import { recordEvents, type EventConsumer, type OfferedEvent } from '../live/index.js';
import { queueNotificationMails } from './notifications.mail.js';
import {
  bidsOnAuctionsOf,
  choicesOf,
  companyAdmins,
  deliveryCreators,
  insertNotifications,
  liveStatusNames,
  type NewNotification,
} from './notifications.queries.js';
import { bidWords, proofWords, type NotificationWords } from './notifications.words.js';

/**
 * The notifications' consumer of recorded events (decision 028, issue 31): it runs in the `events.consume` job's
 * transaction, after the change has committed, so the request that made the change writes nothing here.
 */
export const notificationsConsumer: EventConsumer = {
  name: 'notifications',
  consume: notifyForEvents,
};

const notifiedStatus = (s: string) => (NOTIFIED_STATUSES as readonly string[]).includes(s);

/**
 * Turns recorded events into notifications (decision 028), in the consumer's transaction: a delivery's milestones
 * and proofs to the admin who created it, an auction's news to the admins of the company it is for (a company event:
 * no delivery), an accepted invitation to the admin who sent it (decision 032); never to the user who made the
 * change, nor of a kind the user turned off; by e-mail too, after commit, where the user wants it.
 */
export async function notifyForEvents(tx: DbOrTx, events: readonly OfferedEvent[]): Promise<void> {
  const deliveryIds = new Set<string>();
  const companyIds = new Set<string>();
  const statuses = new Set<string>();
  const bidIds = new Set<string>();
  for (const e of events) {
    if (e.type === 'delivery.status' && e.deliveryId) {
      const status = (e.data as LiveEventData<'delivery.status'>).status;
      if (notifiedStatus(status)) {
        deliveryIds.add(e.deliveryId);
        statuses.add(status);
      }
    } else if (e.type === 'delivery.proof' && e.deliveryId) deliveryIds.add(e.deliveryId);
    else if (e.type === 'auction' && !e.deliveryId) {
      companyIds.add(e.ownerCompanyId);
      const bid = (e.data as LiveEventData<'auction'>).bid;
      if (bid) bidIds.add(bid.uuid);
    }
  }
  const joined = events.filter((e) => e.type === 'member.joined' && !e.deliveryId);
  if (deliveryIds.size === 0 && companyIds.size === 0 && joined.length === 0) return;
  const [creators, admins, names, bidsNamed] = await Promise.all([
    deliveryCreators(tx, [...deliveryIds]),
    companyAdmins(tx, [...companyIds]),
    liveStatusNames(tx, [...statuses]),
    bidsOnAuctionsOf(tx, [...companyIds], [...bidIds]),
  ]);
  // A bid's news names its delivery, bidder and price; the shared words where the bid is not found.
  const auctionWords = (e: OfferedEvent, data: LiveEventData<'auction'>): NotificationWords => {
    const { change, bid } = data;
    const named = bid ? bidsNamed.get(bid.uuid) : undefined;
    if ((change === 'bid' || change === 'bid-withdrawn') && bid && named?.ownerCompanyId === e.ownerCompanyId)
      return bidWords(change, { ...named, priceString: bid.price.priceString });
    return AUCTION_NEWS[change];
  };

  const rows: NewNotification[] = [];
  for (const e of events) {
    if ((e.type === 'delivery.status' || e.type === 'delivery.proof') && e.deliveryId) {
      const d = creators.get(e.deliveryId);
      if (!d || d.creatorId === e.actorUserId) continue;
      const link = `/DeliveryDetail/${e.deliveryId}`;
      if (e.type === 'delivery.status') {
        const status = (e.data as LiveEventData<'delivery.status'>).status;
        if (!notifiedStatus(status)) continue;
        const label = names.get(status) ?? status;
        rows.push({
          userId: d.creatorId,
          companyId: d.ownerCompanyId,
          kind: 'status',
          title: `${d.name}: ${label}`,
          message: `The delivery is now ${label.toLowerCase()}.`,
          link,
        });
      } else {
        rows.push({
          userId: d.creatorId,
          companyId: d.ownerCompanyId,
          kind: 'proof',
          ...proofWords(d.name, (e.data as LiveEventData<'delivery.proof'>).proofTypeSlug),
          link,
        });
      }
    } else if (e.type === 'auction' && !e.deliveryId) {
      const data = e.data as LiveEventData<'auction'>;
      const { title, message } = auctionWords(e, data);
      for (const userId of admins.get(e.ownerCompanyId) ?? []) {
        if (userId === e.actorUserId) continue;
        rows.push({
          userId,
          companyId: e.ownerCompanyId,
          kind: AUCTION_NEWS[data.change].kind,
          title,
          message,
          link: `/BidDetail?uuid=${data.auctionUuid}`,
        });
      }
    }
  }
  // An invited person accepted (decision 032): the admin who invited them is told.
  for (const e of joined) {
    const data = e.data as LiveEventData<'member.joined'>;
    if (!data.invitedByUuid || data.invitedByUuid === e.actorUserId) continue;
    const driver = data.roleSlug === 'driver';
    rows.push({
      userId: data.invitedByUuid,
      companyId: e.ownerCompanyId,
      kind: 'invitation',
      title: `${data.name} joined as ${driver ? 'a driver' : 'an admin'}`,
      message: `${data.name} accepted your invitation and set a password: they can sign in now.`,
      link: driver ? '/DriversManage' : '/AdminAddCompany',
    });
  }
  await notifyUsers(tx, rows);
}

/**
 * Keeps notifications for their users in the caller's transaction, as each user chose per kind: not at all when the
 * kind is off in the app, and by e-mail too, once it commits, when it is on by e-mail (NOTIFICATION_EMAIL_DEFAULTS
 * when the user has not chosen). The one way every kind made from a change is kept (decision 028).
 */
export async function notifyUsers(tx: DbOrTx, rows: readonly NewNotification[]): Promise<void> {
  if (rows.length === 0) return;
  const choices = await choicesOf(tx, [...new Set(rows.map((r) => r.userId))]);
  const choiceOf = (r: NewNotification) => choices.get(`${r.userId}:${r.kind}`);
  const shown = rows.filter((r) => choiceOf(r)?.inApp ?? true);
  await insertNotifications(tx, shown);
  // Each bell refetches once this commits: an event per company, naming the users who have something new.
  const usersByCompany = new Map<string, Set<string>>();
  for (const r of shown)
    if (r.companyId)
      usersByCompany.set(r.companyId, (usersByCompany.get(r.companyId) ?? new Set()).add(r.userId));
  await recordEvents(
    tx,
    [...usersByCompany].map(([companyId, users]) => ({
      type: 'notification' as const,
      data: { userUuids: [...users] },
      audience: { companyId, driverUserIds: [...users] },
    })),
  );
  // By e-mail too where the user wants it: queued with the change, sent once it commits.
  const mails = rows.filter(
    (r) => choiceOf(r)?.email ?? NOTIFICATION_EMAIL_DEFAULTS[r.kind as NotificationKind],
  );
  await queueNotificationMails(
    tx,
    mails.map((m) => ({
      userId: m.userId,
      companyId: m.companyId ?? null,
      title: m.title,
      message: m.message,
      link: m.link ?? null,
    })),
  );
}
