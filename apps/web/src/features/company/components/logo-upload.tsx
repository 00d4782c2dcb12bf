import { LIMITS, type Company } from '@courier/contract';
import { Avatar, Button, FileInput, Group, Stack, Text } from '@mantine/core';
import { IconPhotoUp } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useUploadLogo } from '../api/upload-logo';

const ACCEPT = ['image/png', 'image/jpeg', 'image/webp'];
const MAX_MB = LIMITS.logoBytesMax / (1024 * 1024);

export function logoProblem(file: File): string | null {
  if (!ACCEPT.includes(file.type)) return 'Use a PNG, JPEG or WebP image';
  if (file.size > LIMITS.logoBytesMax) return `The image is larger than ${MAX_MB} MB`;
  return null;
}

/** Choose an image, see it in place of the current logo, then upload it. */
export function LogoUpload({ company }: { company: Company }) {
  const [file, setFile] = useState<File | null>(null);
  const upload = useUploadLogo(company.slug);
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);
  const problem = file ? logoProblem(file) : null;
  return (
    <Group align="flex-start" gap="lg" wrap="wrap">
      <Avatar
        src={(problem ? null : preview) ?? company.logoUrl}
        name={company.name}
        color="initials"
        size={96}
        radius="md"
        alt={preview && !problem ? 'New logo preview' : `${company.name} logo`}
      />
      <Stack gap="xs" style={{ flex: 1, minWidth: 220 }}>
        <FileInput
          label="Logo"
          description={`PNG, JPEG or WebP, up to ${MAX_MB} MB`}
          placeholder="Choose an image"
          accept={ACCEPT.join(',')}
          value={file}
          onChange={setFile}
          error={problem}
          clearable
          leftSection={<IconPhotoUp size={16} />}
        />
        {preview && !problem ? (
          <Text size="xs" c="dimmed">
            Preview shown. Upload to use it.
          </Text>
        ) : null}
        <Group>
          <Button
            variant="light"
            disabled={!file || problem !== null}
            loading={upload.isPending}
            onClick={() => file && upload.mutate(file, { onSuccess: () => setFile(null) })}
          >
            Upload logo
          </Button>
        </Group>
      </Stack>
    </Group>
  );
}
