import { DRIVER_DOCUMENT_TYPES, LIMITS, type DriverDocument } from '@courier/contract';
import {
  Anchor,
  Button,
  FileInput,
  Group,
  Progress,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconDownload, IconFileUpload, IconPaperclip } from '@tabler/icons-react';
import { useState } from 'react';
import { fileUrl } from '../../../lib/file-url';
import { useUploadDriverDocument } from '../api/upload-driver-document';
import { isoFromDateInput } from '../utils/dates';
import { formatDate } from '../../../lib/date-format';

type DocumentType = (typeof DRIVER_DOCUMENT_TYPES)[number];
const TYPE_NAMES: Record<DocumentType, string> = {
  'driving-licence': 'Driving licence',
  'insurance-certificate': 'Insurance certificate',
};
const ACCEPT = 'application/pdf,image/png,image/jpeg,image/webp';
const MAX_MB = LIMITS.documentBytesMax / (1024 * 1024);

function fileProblem(file: File | null): string | null {
  if (!file) return 'Choose a file';
  if (!ACCEPT.split(',').includes(file.type)) return 'Use a PDF, PNG, JPEG or WebP file';
  if (file.size > LIMITS.documentBytesMax) return `The file is larger than ${MAX_MB} MB`;
  return null;
}

function DocumentList({ documents }: { documents: DriverDocument[] }) {
  if (documents.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No documents on file yet.
      </Text>
    );
  }
  return (
    <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Documents on file">
      {documents.map((doc) => (
        <Group key={doc.uuid} component="li" justify="space-between" wrap="nowrap" gap="sm">
          <Group gap={8} wrap="nowrap" miw={0}>
            <IconPaperclip size={16} />
            <div style={{ minWidth: 0 }}>
              <Text size="sm" fw={600} truncate>
                {TYPE_NAMES[doc.documentTypeSlug]}
              </Text>
              <Text size="xs" c="dimmed" truncate>
                {doc.originalName} · {Math.max(1, Math.round(doc.sizeBytes / 1024))} KB
                {doc.expiresAt ? ` · expires ${formatDate(doc.expiresAt)}` : ''}
              </Text>
            </div>
          </Group>
          <Anchor
            href={fileUrl(doc.url)}
            download={doc.originalName}
            size="sm"
            aria-label={`Download ${doc.originalName}`}
          >
            <Group gap={4} wrap="nowrap">
              <IconDownload size={14} /> Download
            </Group>
          </Anchor>
        </Group>
      ))}
    </Stack>
  );
}

/** The driver's documents with download links, and an upload with a progress bar. */
export function DriverDocuments({
  slug,
  driverUserUuid,
  documents,
}: {
  slug: string;
  driverUserUuid: string;
  documents: DriverDocument[];
}) {
  const [type, setType] = useState<DocumentType>('driving-licence');
  const [expires, setExpires] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState(0);
  const upload = useUploadDriverDocument(slug, driverUserUuid, setProgress);
  const submit = () => {
    const problem = fileProblem(file);
    setError(problem);
    if (problem || !file) return;
    setProgress(0);
    upload.mutate(
      { documentTypeSlug: type, expiresAt: isoFromDateInput(expires), file },
      {
        onSuccess: () => {
          setFile(null);
          setExpires('');
        },
      },
    );
  };
  return (
    <Stack gap="sm" component="section" aria-label="Documents">
      <Title order={3} fz="md">
        Documents
      </Title>
      <DocumentList documents={documents} />
      <SimpleGrid cols={{ base: 1, xs: 2 }} mt="xs">
        <Select
          label="Document"
          data={DRIVER_DOCUMENT_TYPES.map((value) => ({ value, label: TYPE_NAMES[value] }))}
          value={type}
          onChange={(value) => value && setType(value)}
          allowDeselect={false}
        />
        <TextInput
          label="Expires"
          type="date"
          value={expires}
          onChange={(e) => setExpires(e.currentTarget.value)}
        />
      </SimpleGrid>
      <FileInput
        label="File"
        description={`PDF, PNG, JPEG or WebP, up to ${MAX_MB} MB`}
        placeholder="Choose a file"
        accept={ACCEPT}
        value={file}
        onChange={(value) => {
          setFile(value);
          setError(null);
        }}
        error={error}
        clearable
        leftSection={<IconFileUpload size={16} />}
      />
      {upload.isPending ? <Progress value={progress * 100} animated aria-label="Upload progress" /> : null}
      <Group justify="flex-end">
        <Button
          variant="light"
          onClick={submit}
          loading={upload.isPending}
          leftSection={<IconFileUpload size={16} />}
        >
          Upload
        </Button>
      </Group>
    </Stack>
  );
}
