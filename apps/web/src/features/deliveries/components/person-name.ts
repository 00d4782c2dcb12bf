import type { DeliveryPeople } from '../api/list-people';

export type PeopleNames = Pick<DeliveryPeople, 'users'>;

/** A user's full name from the company's people; "System" for a change no one made. */
export function personName(people: PeopleNames | undefined, uuid: string | undefined): string {
  if (!uuid) return 'System';
  const user = people?.users[uuid];
  return user ? `${user.firstname} ${user.lastname}`.trim() : 'Someone';
}
