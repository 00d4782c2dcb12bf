/**
 * The delivery status model (docs/decisions/008-delivery-status-model.md): one state machine for the live status
 * and one for the quote status. The server computes each delivery's `nextStatusOptions` from here and refuses any
 * other move with 409; the web app shows the allowed moves as buttons.
 */

export const LIVE_STATUSES = [
  'created',
  'scheduled',
  'assigned',
  'en-route-to-pickup',
  'at-pickup',
  'picked-up',
  'en-route-to-dropoff',
  'at-dropoff',
  'delivered',
  'completed',
  'failed',
  'cancelled',
  'returned',
] as const;
export type LiveStatus = (typeof LIVE_STATUSES)[number];

export const QUOTE_STATUSES = ['draft', 'quoted', 'accepted', 'rejected', 'expired'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

/** Who moves a delivery: an admin of a company that owns or carries it, its assigned driver, or the system. */
export type StatusActor = 'company-admin' | 'driver' | 'system';

/**
 * What a user's move is, as the access policy asks it (decision 016): `move` the work on the road, which the offices
 * of the owner and of the carrier and the assigned driver share; `plan` the owner's decisions on the delivery's
 * course (schedule or unschedule it, send a failed one out again, close a delivered one as completed); `cancel`.
 */
export const LIVE_MOVE_ACTIONS = ['move', 'plan', 'cancel'] as const;
export type LiveMoveAction = (typeof LIVE_MOVE_ACTIONS)[number];

interface Move {
  to: LiveStatus;
  by: readonly StatusActor[];
  /** The policy's action a user needs for this move; a move only the system makes needs none. */
  action?: LiveMoveAction;
}

const ADMIN = ['company-admin'] as const;
const FIELD = ['company-admin', 'driver'] as const;
const SYSTEM = ['system'] as const;

const work = (to: LiveStatus): Move => ({ to, by: FIELD, action: 'move' });
const plan = (to: LiveStatus, by: readonly StatusActor[] = ADMIN): Move => ({ to, by, action: 'plan' });
const system = (to: LiveStatus): Move => ({ to, by: SYSTEM });
const cancel: Move = { to: 'cancelled', by: ADMIN, action: 'cancel' };

/** Every allowed move of the live status. Anything else is refused. */
export const LIVE_MOVES: Readonly<Record<LiveStatus, readonly Move[]>> = {
  created: [plan('scheduled', [...ADMIN, ...SYSTEM]), system('assigned'), cancel],
  scheduled: [plan('created', [...ADMIN, ...SYSTEM]), system('assigned'), cancel],
  assigned: [work('en-route-to-pickup'), system('created'), system('scheduled'), cancel],
  'en-route-to-pickup': [work('at-pickup'), work('failed'), cancel],
  'at-pickup': [work('picked-up'), work('failed'), cancel],
  'picked-up': [work('en-route-to-dropoff'), work('failed')],
  'en-route-to-dropoff': [work('at-dropoff'), work('failed')],
  'at-dropoff': [work('delivered'), work('failed')],
  delivered: [plan('completed', [...ADMIN, ...SYSTEM])],
  failed: [plan('assigned'), work('returned'), cancel],
  completed: [],
  cancelled: [],
  returned: [],
};

/** Statuses in which the delivery is still being worked: its vehicle and drivers are busy with it. */
export const LIVE_ACTIVE_STATUSES: readonly LiveStatus[] = [
  'assigned',
  'en-route-to-pickup',
  'at-pickup',
  'picked-up',
  'en-route-to-dropoff',
  'at-dropoff',
];
/**
 * Statuses in which a delivery is under way on the road: started and not yet delivered. Positions from its driver
 * are filed in its location history only while it is in one of these (an `assigned` delivery may be for tomorrow).
 */
export const LIVE_UNDER_WAY_STATUSES: readonly LiveStatus[] = [
  'en-route-to-pickup',
  'at-pickup',
  'picked-up',
  'en-route-to-dropoff',
  'at-dropoff',
];
/** Statuses after which nothing moves. */
export const LIVE_FINAL_STATUSES: readonly LiveStatus[] = ['completed', 'cancelled', 'returned'];
/** Moving to one of these starts the clock (`startedAt`). */
export const LIVE_START_STATUSES: readonly LiveStatus[] = ['en-route-to-pickup'];
/** Moving to one of these stops it (`completedAt`). */
export const LIVE_END_STATUSES: readonly LiveStatus[] = ['completed', 'cancelled', 'returned'];
/** A delivery is late when its dropoff window has ended before one of these was reached. */
export const LIVE_DONE_STATUSES: readonly LiveStatus[] = ['delivered', 'completed'];

export const QUOTE_MOVES: Readonly<Record<QuoteStatus, readonly QuoteStatus[]>> = {
  draft: ['quoted'],
  quoted: ['accepted', 'rejected', 'expired', 'quoted'],
  accepted: [],
  rejected: ['quoted'],
  expired: ['quoted'],
};

export function isLiveStatus(value: string): value is LiveStatus {
  return (LIVE_STATUSES as readonly string[]).includes(value);
}

/** The policy's action a user needs to move a delivery from `from` to `to`; none when no user makes that move. */
export function liveMoveAction(from: LiveStatus, to: LiveStatus): LiveMoveAction | undefined {
  return LIVE_MOVES[from].find((m) => m.to === to)?.action;
}

/** The statuses `actor` may move a delivery to from `from`. */
export function nextLiveStatuses(from: LiveStatus, actor: StatusActor): LiveStatus[] {
  return LIVE_MOVES[from].filter((m) => m.by.includes(actor)).map((m) => m.to);
}

/**
 * The spec's `nextStatusOptions`: what the caller may choose (by their roles on this delivery) and what only the
 * system does (linking, unlinking, scheduling, closing).
 */
export function nextStatusOptions(from: LiveStatus, roles: readonly Exclude<StatusActor, 'system'>[]) {
  const user = new Set<LiveStatus>();
  for (const role of roles) for (const s of nextLiveStatuses(from, role)) user.add(s);
  return {
    user: LIVE_STATUSES.filter((s) => user.has(s)),
    system: nextLiveStatuses(from, 'system'),
  };
}

export type MoveCheck = { ok: true } | { ok: false; reason: string };

const label = (s: string) => s.replace(/-/g, ' ');

/**
 * Whether `actor` (or one of the parts an actor plays) may move a delivery from `from` to `to`, with the reason when
 * not. Who of the admins may is the access policy's question (`statusOptionsFor`, decision 016), not the machine's.
 */
export function checkLiveMove(
  from: LiveStatus,
  to: LiveStatus,
  actor: StatusActor | readonly StatusActor[],
): MoveCheck {
  const actors: readonly StatusActor[] = typeof actor === 'string' ? [actor] : actor;
  if (from === to) return { ok: false, reason: `The delivery is already ${label(to)}.` };
  if (LIVE_FINAL_STATUSES.includes(from)) {
    return { ok: false, reason: `The delivery is ${label(from)}; its status can no longer change.` };
  }
  const move = LIVE_MOVES[from].find((m) => m.to === to);
  if (!move) {
    const allowed = LIVE_MOVES[from].map((m) => label(m.to));
    return {
      ok: false,
      reason: `A delivery that is ${label(from)} cannot become ${label(to)}; it can become ${allowed.join(', ')}.`,
    };
  }
  if (!move.by.some((a) => actors.includes(a))) {
    const who =
      move.by.includes('system') && move.by.length === 1
        ? 'the system (it follows from linking or unlinking a vehicle and driver)'
        : move.by.join(' or ');
    return { ok: false, reason: `Only ${who} can move a delivery from ${label(from)} to ${label(to)}.` };
  }
  return { ok: true };
}

export function checkQuoteMove(from: QuoteStatus, to: QuoteStatus): MoveCheck {
  return QUOTE_MOVES[from].includes(to)
    ? { ok: true }
    : { ok: false, reason: `A quote that is ${from} cannot become ${to}.` };
}
