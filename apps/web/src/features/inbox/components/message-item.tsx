import type { InboxMessage } from '@courier/contract';
import { Anchor, Group, Image, Paper, Stack, Text } from '@mantine/core';
import { IconFileTypePdf, IconPaperclip } from '@tabler/icons-react';
import { formatDateTime } from '../../../lib/delivery-format';
import { fileUrl } from '../../../lib/file-url';
import classes from './inbox.module.css';

const sizeOf = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / (1024 * 1024)).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} kB`;

/** One message: mine on the right, others' on the left with their name and company; its files below the text. */
export function MessageItem({ message, showCompany }: { message: InboxMessage; showCompany: boolean }) {
  return (
    <div className={message.mine ? classes.mine : classes.theirs} data-testid="inbox-message">
      <Paper className={classes.bubble} radius="md" p="sm" withBorder={!message.mine}>
        <Stack gap={6}>
          {!message.mine ? (
            <Text size="xs" fw={700}>
              {message.authorName}
              {showCompany ? ` · ${message.authorCompanyName}` : ''}
            </Text>
          ) : null}
          {message.body ? (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {message.body}
            </Text>
          ) : null}
          {message.attachments.map((a) => (
            <Stack key={a.uuid} gap={4}>
              {a.mimeType.startsWith('image/') ? (
                <Anchor href={fileUrl(a.url)} target="_blank" rel="noreferrer">
                  <Image
                    src={fileUrl(a.url)}
                    alt={`Picture: ${a.name}`}
                    maw={220}
                    mah={160}
                    fit="contain"
                    radius="sm"
                  />
                </Anchor>
              ) : null}
              <Group gap={6} wrap="nowrap">
                {a.mimeType === 'application/pdf' ? (
                  <IconFileTypePdf size={16} aria-hidden />
                ) : (
                  <IconPaperclip size={16} aria-hidden />
                )}
                <Anchor
                  href={fileUrl(a.url)}
                  {...(a.mimeType.startsWith('image/')
                    ? { target: '_blank', rel: 'noreferrer' }
                    : { download: a.name })}
                  size="sm"
                  truncate
                >
                  {a.name}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {sizeOf(a.sizeBytes)}
                </Text>
              </Group>
            </Stack>
          ))}
          <Text size="xs" c="dimmed" ta={message.mine ? 'right' : 'left'}>
            {formatDateTime(message.createdAt)}
          </Text>
        </Stack>
      </Paper>
    </div>
  );
}
