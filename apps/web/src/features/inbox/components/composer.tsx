import { INBOX_LIMITS, MESSAGE_ATTACHMENT_MIME_TYPES } from '@courier/contract';
import {
  ActionIcon,
  Alert,
  Button,
  CloseButton,
  FileButton,
  Group,
  Pill,
  Stack,
  Textarea,
  Tooltip,
} from '@mantine/core';
import { IconPaperclip, IconSend } from '@tabler/icons-react';
import { useState, type KeyboardEvent } from 'react';
import { fieldErrorsOf } from '../../../lib/errors';
import { usePostMessage, type MessageTarget } from '../api/post-message';

const MAX_MB = INBOX_LIMITS.attachmentBytesMax / (1024 * 1024);

/**
 * Writes a message: Enter (or Ctrl+Enter) sends, Shift+Enter starts a new line; up to three files (PDF or
 * pictures, 10 MB each) go with it. A refusal says what to change, next to the text.
 */
export function Composer({
  slug,
  target,
  onSent,
}: {
  slug: string;
  target: MessageTarget;
  onSent?: (conversationUuid: string) => void;
}) {
  const [body, setBody] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const post = usePostMessage(slug, target);

  const addFiles = (picked: File[]) => {
    const big = picked.find((f) => f.size > INBOX_LIMITS.attachmentBytesMax);
    if (big) return setProblem(`${big.name} is larger than ${MAX_MB} MB. Attach a smaller file.`);
    const next = [...files, ...picked];
    if (next.length > INBOX_LIMITS.attachmentsMax)
      return setProblem(`Attach at most ${INBOX_LIMITS.attachmentsMax} files to one message.`);
    setProblem(null);
    setFiles(next);
  };

  const send = () => {
    const text = body.trim();
    if (post.isPending) return;
    if (!text && files.length === 0) return setProblem('Write a message or attach a file.');
    if (text.length > INBOX_LIMITS.bodyMax)
      return setProblem(`A message is at most ${INBOX_LIMITS.bodyMax} characters.`);
    setProblem(null);
    post.mutate(
      { body: text, files },
      {
        onSuccess: (message) => {
          setBody('');
          setFiles([]);
          onSent?.(message.conversationUuid);
        },
        onError: (error) => {
          const fields = fieldErrorsOf(error);
          setProblem(
            fields.body ?? fields.file ?? `${error.message} Your message is kept: try sending it again.`,
          );
        },
      },
    );
  };

  const onKey = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  };

  return (
    <Stack gap={6}>
      {problem ? (
        <Alert
          color="red"
          variant="light"
          role="alert"
          p="xs"
          withCloseButton
          onClose={() => setProblem(null)}
        >
          {problem}
        </Alert>
      ) : null}
      {files.length > 0 ? (
        <Group gap={6}>
          {files.map((f, i) => (
            <Pill
              key={`${f.name}-${i}`}
              withRemoveButton
              onRemove={() => setFiles(files.filter((_, j) => j !== i))}
              removeButtonProps={{ 'aria-label': `Remove ${f.name}` }}
            >
              {f.name}
            </Pill>
          ))}
        </Group>
      ) : null}
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <FileButton onChange={addFiles} accept={MESSAGE_ATTACHMENT_MIME_TYPES.join(',')} multiple>
          {(props) => (
            <Tooltip label="Attach files (PDF, PNG, JPEG, WebP)">
              <ActionIcon {...props} variant="light" size="lg" aria-label="Attach files">
                <IconPaperclip size={18} />
              </ActionIcon>
            </Tooltip>
          )}
        </FileButton>
        <Textarea
          aria-label="Message"
          placeholder="Write a message…"
          title="Enter sends; Shift+Enter starts a new line"
          autosize
          minRows={1}
          maxRows={6}
          value={body}
          onChange={(e) => setBody(e.currentTarget.value)}
          onKeyDown={onKey}
          style={{ flex: 1 }}
          maxLength={INBOX_LIMITS.bodyMax}
          rightSection={
            body ? <CloseButton size="sm" aria-label="Clear" onClick={() => setBody('')} /> : null
          }
        />
        <Button onClick={send} loading={post.isPending} leftSection={<IconSend size={16} />}>
          Send
        </Button>
      </Group>
    </Stack>
  );
}
