import { Skeleton, Text } from '@mantine/core';
import { useDeliveryThread } from '../api/get-delivery-thread';
import { Composer } from './composer';
import { ThreadLoadFailure } from './load-failure';
import { ConversationThread, ThreadFrame } from './conversation-thread';

/**
 * `?delivery=<uuid>`: the delivery's thread when it has one; before its first message, a composer whose message
 * makes it (between the delivery's owner and its carrier).
 */
export function DeliveryThread({
  slug,
  deliveryUuid,
  onBack,
  onCreated,
}: {
  slug: string;
  deliveryUuid: string;
  onBack: () => void;
  onCreated: (conversationUuid: string) => void;
}) {
  const thread = useDeliveryThread(slug, deliveryUuid);
  if (thread.error)
    return (
      <ThreadLoadFailure
        error={thread.error}
        onRetry={thread.refetch}
        title="Could not load the delivery's thread"
        notFound={{
          title: 'Delivery not found',
          description:
            'This delivery does not exist, or your company neither owns nor carries it. Open the delivery from your list.',
        }}
      />
    );
  if (!thread.data) return <Skeleton height={240} radius="lg" aria-label="Loading" />;
  if (thread.data.conversation)
    return (
      <ConversationThread slug={slug} conversationUuid={thread.data.conversation.uuid} onBack={onBack} />
    );
  return (
    <ThreadFrame
      title="New delivery thread"
      subtitle="Between the admins of the company that owns this delivery and of the company that carries it."
      deliveryUuid={deliveryUuid}
      onBack={onBack}
    >
      <Text size="sm" c="dimmed">
        No messages yet. Your first message starts the thread.
      </Text>
      <Composer slug={slug} target={{ deliveryUuid }} onSent={onCreated} />
    </ThreadFrame>
  );
}
