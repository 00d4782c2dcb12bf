import type { User } from './users.entities.js';

/** A user's name as the app shows it: first and last name, either left out when empty. */
export function displayName(user: Pick<User, 'firstname' | 'lastname'>): string {
  return [user.firstname, user.lastname]
    .map((s) => s.trim())
    .filter(Boolean)
    .join(' ');
}
