import { Button, Group, Image, Stack, Text } from '@mantine/core';
import { IconCamera } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { preparePhoto } from '../photo';

/**
 * Take a photo with the phone's back camera (`capture="environment"`; a computer offers its file picker), shown
 * once taken, with a retake. Gives the photo ready to send, or null.
 */
export function CameraInput({
  file,
  onChange,
  label = 'Take a photo',
  error,
}: {
  file: File | null;
  onChange: (file: File | null) => void;
  label?: string;
  error?: string | undefined;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [preparing, setPreparing] = useState(false);
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );
  return (
    <Stack gap="xs">
      <input
        ref={input}
        type="file"
        accept="image/*"
        capture="environment"
        aria-label={label}
        hidden
        onChange={(e) => {
          const chosen = e.currentTarget.files?.[0];
          e.currentTarget.value = '';
          if (!chosen) return;
          setPreparing(true);
          void preparePhoto(chosen)
            .then(onChange)
            .finally(() => setPreparing(false));
        }}
      />
      {preview ? (
        <Image src={preview} alt="The photo to send" mah={240} fit="contain" radius="md" bg="dark.8" />
      ) : null}
      <Group grow>
        <Button
          h={56}
          size="md"
          variant={file ? 'default' : 'light'}
          leftSection={<IconCamera size={22} />}
          loading={preparing}
          onClick={() => input.current?.click()}
        >
          {file ? 'Retake the photo' : label}
        </Button>
      </Group>
      {error ? (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}
