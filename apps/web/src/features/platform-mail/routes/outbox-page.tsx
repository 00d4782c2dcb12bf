import type { OutboxMail } from '@courier/contract';
import { Button, Card, Drawer, Group, Skeleton, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconMailOff, IconSearch } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { PlatformGate } from '../../../components/access/platform-gate';
import { EmptyState } from '../../../components/layout/empty-state';
import { PageHeader } from '../../../components/layout/page-header';
import { ListPagination } from '../../../components/list/list-pagination';
import { QueryError } from '../../../components/list/query-error';
import { useOutbox } from '../api/list-outbox';
import { MailDetail, SentWhenHow } from '../components/mail-detail';
import classes from './outbox-page.module.css';

function MailRow({ mail, onOpen }: { mail: OutboxMail; onOpen: () => void }) {
  return (
    <li className={classes.item}>
      <UnstyledButton
        className={classes.row}
        onClick={onOpen}
        aria-label={`Open "${mail.subject}" to ${mail.to}`}
      >
        <Stack gap={2} miw={0} style={{ flex: 1 }}>
          <Text fw={600} size="sm" truncate>
            {mail.subject}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            To {mail.to}
          </Text>
        </Stack>
        <Stack gap={4} align="flex-end" style={{ flexShrink: 0 }}>
          <SentWhenHow mail={mail} size="xs" format="D MMM, HH:mm" />
        </Stack>
      </UnstyledButton>
    </li>
  );
}

function Outbox() {
  const [params, setParams] = useSearchParams();
  const to = params.get('to') ?? undefined;
  const open = params.get('mail');
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [address, setAddress] = useState(to ?? '');
  const list = useOutbox(page, to);
  const change = (next: Record<string, string | null>) => {
    const merged = new URLSearchParams(params);
    for (const [key, value] of Object.entries(next))
      if (value === null || value === '') merged.delete(key);
      else merged.set(key, value);
    setParams(merged, { replace: !('mail' in next) });
  };
  const filter = (e: FormEvent) => {
    e.preventDefault();
    change({ to: address.trim(), page: null });
  };

  return (
    <>
      <Stack gap="md">
        <form onSubmit={filter}>
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <TextInput
              type="email"
              label="To"
              placeholder="someone@example.com"
              value={address}
              onChange={(e) => setAddress(e.currentTarget.value)}
              leftSection={<IconSearch size={16} />}
              style={{ flex: 1, maxWidth: 360 }}
            />
            <Button type="submit" variant="light">
              Filter
            </Button>
            {to ? (
              <Button
                variant="subtle"
                onClick={() => {
                  setAddress('');
                  change({ to: null, page: null });
                }}
              >
                Clear
              </Button>
            ) : null}
          </Group>
        </form>
        {list.error ? (
          <QueryError error={list.error} onRetry={list.refetch} title="Could not load the sent mail" />
        ) : !list.data ? (
          <Stack gap="xs" aria-busy="true" aria-label="Loading">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} height={56} radius="md" />
            ))}
          </Stack>
        ) : list.data.data.length === 0 ? (
          to ? (
            <EmptyState
              icon={IconMailOff}
              title="No mail to this address"
              description={`Nothing was sent to ${to}. Check the address, or clear the filter to see all mail.`}
            />
          ) : (
            <EmptyState
              icon={IconMailOff}
              title="No mail yet"
              description="Without SMTP_URL, every message the product sends is kept here, whole, instead of being sent: open one to read its text and follow its links. With SMTP_URL set, mail goes to that SMTP server instead, and this list only records who was written to and when."
            />
          )
        ) : (
          <Card withBorder radius="lg" padding="sm" component="section" aria-label="Sent mail">
            <ul className={classes.list}>
              {list.data.data.map((mail) => (
                <MailRow key={mail.uuid} mail={mail} onOpen={() => change({ mail: mail.uuid })} />
              ))}
            </ul>
            <ListPagination meta={list.data.meta} onPage={(p) => change({ page: String(p) })} />
          </Card>
        )}
      </Stack>
      <Drawer
        opened={open !== null}
        onClose={() => change({ mail: null })}
        position="right"
        size="xl"
        title="Message"
        // Above the app frame's sidebar (300) and the quick-action button, which Mantine's default (200) is not.
        zIndex={400}
      >
        {open ? <MailDetail uuid={open} /> : null}
      </Drawer>
    </>
  );
}

/** /platform/mail: the platform admins' view of the mail the product sent (decision 034). */
export default function OutboxPage() {
  return (
    <>
      <PageHeader
        title="Sent Mail"
        description="Every message this installation sent, newest first: password resets, e-mail verifications, notifications."
      />
      <PlatformGate what="read the mail this installation sent">
        <Outbox />
      </PlatformGate>
    </>
  );
}
