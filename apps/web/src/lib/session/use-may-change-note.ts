import { can, isCompanyRoleSlug, type Note } from '@courier/contract';
import { useCallback } from 'react';
import { useMe } from './get-me';
import { useMyRoles } from './get-my-roles';

/**
 * Whether the signed-in user may edit or delete a note of their current company, asked of the contract's policy
 * (NOTE_MATRIX: its author, or a company admin), the question the server asks: the rule is written once. The notes
 * listed are the current company's, so the company is the same on both sides of the question.
 */
export function useMayChangeNote(): (note: Note) => boolean {
  const me = useMe().data;
  const roles = useMyRoles().data;
  return useCallback(
    (note: Note) => {
      if (!me) return false;
      const actor = {
        userId: me.uuid,
        isPlatformAdmin: false,
        memberships: [
          {
            companyId: 'current',
            companyTypeSlug: '',
            roles: (roles ?? []).map((r) => r.slug).filter(isCompanyRoleSlug),
          },
        ],
      };
      return can(actor, 'change', {
        kind: 'note',
        companyId: 'current',
        authorUserId: note.createdByUserUuid,
      });
    },
    [me, roles],
  );
}
