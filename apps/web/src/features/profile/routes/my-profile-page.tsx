import { Box } from '@mantine/core';
import { PageHeader } from '../../../components/layout/page-header';
import { QueryState } from '../../../components/layout/query-state';
import { useMe } from '../../../lib/session/get-me';
import { ProfileCard } from '../components/profile-card';

/** /Users/Me: the profile card. */
export default function MyProfilePage() {
  const { data, isPending, error } = useMe();
  return (
    <>
      <PageHeader title="My Profile" />
      <Box maw={440}>
        <QueryState data={data} isPending={isPending} error={error}>
          {(user) => <ProfileCard user={user} />}
        </QueryState>
      </Box>
    </>
  );
}
