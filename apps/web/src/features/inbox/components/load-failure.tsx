import { IconMessageOff } from '@tabler/icons-react';
import { EmptyState } from '../../../components/layout/empty-state';
import { QueryError } from '../../../components/list/query-error';
import { ApiError } from '../../../lib/errors';

/**
 * A thread that could not load: a 404 (it does not exist for me) says so and leads back to the inbox; anything else
 * shows the error with a retry.
 */
export function ThreadLoadFailure({
  error,
  onRetry,
  title,
  notFound,
}: {
  error: Error;
  onRetry: () => unknown;
  title: string;
  notFound: { title: string; description: string };
}) {
  if (error instanceof ApiError && error.statusCode === 404)
    return (
      <EmptyState
        icon={IconMessageOff}
        title={notFound.title}
        description={notFound.description}
        action={{ label: 'Back to the inbox', to: '/apps/mailbox' }}
      />
    );
  return <QueryError error={error} onRetry={onRetry} title={title} />;
}
