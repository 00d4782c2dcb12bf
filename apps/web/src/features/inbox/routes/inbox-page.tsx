import { Button, Card, Stack, Text } from '@mantine/core';
import { IconMessages, IconPencilPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { AdminGate } from '../../../components/access/admin-gate';
import { useScopedCompanySlug } from '../../../components/access/company-scope';
import { PageHeader } from '../../../components/layout/page-header';
import { useDebouncedSearch } from '../../../lib/use-debounced-search';
import { ConversationList } from '../components/conversation-list';
import { ConversationThread } from '../components/conversation-thread';
import { DeliveryThread } from '../components/delivery-thread';
import { NewConversationModal } from '../components/new-conversation-modal';
import classes from '../components/inbox.module.css';

/**
 * /apps/mailbox (decision 031): my conversations on the left, the open one on the right; at phone width one column,
 * the list or the thread. `?c=<uuid>` opens a conversation, `?delivery=<uuid>` a delivery's thread.
 */
function Inbox() {
  const slug = useScopedCompanySlug();
  const [params, setParams] = useSearchParams();
  const { search, setSearch, debouncedSearch } = useDebouncedSearch();
  const [composing, setComposing] = useState(false);
  const selected = params.get('c');
  const delivery = params.get('delivery');
  const open = (uuid: string) => setParams({ c: uuid });
  const back = () => setParams({});
  const showing = selected !== null || delivery !== null;

  return (
    <>
      <PageHeader
        title="Inbox"
        description="Conversations with your company's admins, and with the other company on a shared delivery."
        actions={
          <Button leftSection={<IconPencilPlus size={16} />} onClick={() => setComposing(true)}>
            New conversation
          </Button>
        }
      />
      <div className={classes.layout}>
        <div className={showing ? classes.hideOnPhone : undefined}>
          <ConversationList
            slug={slug}
            search={search}
            onSearch={setSearch}
            query={debouncedSearch}
            selected={selected ?? delivery}
            onSelect={open}
          />
        </div>
        <div className={showing ? undefined : classes.hideOnPhone}>
          {selected ? (
            <ConversationThread key={selected} slug={slug} conversationUuid={selected} onBack={back} />
          ) : delivery ? (
            <DeliveryThread
              key={delivery}
              slug={slug}
              deliveryUuid={delivery}
              onBack={back}
              onCreated={open}
            />
          ) : (
            <Card withBorder radius="lg" padding="xl">
              <Stack align="center" gap="xs" ta="center" py="xl">
                <IconMessages size={40} stroke={1.5} aria-hidden />
                <Text fw={600}>Choose a conversation</Text>
                <Text size="sm" c="dimmed" maw={360}>
                  Its messages show here. To write about a delivery you share with another company, open the
                  delivery and choose Messages.
                </Text>
              </Stack>
            </Card>
          )}
        </div>
      </div>
      <NewConversationModal
        slug={slug}
        opened={composing}
        onClose={() => setComposing(false)}
        onStarted={(uuid) => {
          setComposing(false);
          open(uuid);
        }}
      />
    </>
  );
}

export default function InboxPage() {
  return (
    <AdminGate what="use the inbox">
      <Inbox />
    </AdminGate>
  );
}
