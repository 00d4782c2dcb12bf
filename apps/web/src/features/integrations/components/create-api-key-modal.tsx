import type { CreatedApiKey } from '@courier/contract';
import { Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { ApiKeySecret } from './api-key-secret';
import { CreateApiKeyForm } from './create-api-key-form';

/**
 * Creating a key, then its secret in the same dialog: the secret lives only in this dialog's state, and is gone once
 * it closes. While it shows, a click beside the dialog does not close it (Escape, the close button and Done do).
 */
export function CreateApiKeyModal({ slug, onClose }: { slug: string; onClose: () => void }) {
  const phone = useMediaQuery('(max-width: 36em)');
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  return (
    <Modal
      opened
      onClose={onClose}
      title={created ? 'Copy your key now' : 'Create API key'}
      fullScreen={phone}
      size="lg"
      centered
      closeOnClickOutside={created === null}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {created ? (
        <ApiKeySecret slug={slug} apiKey={created} onDone={onClose} />
      ) : (
        <CreateApiKeyForm slug={slug} onCancel={onClose} onCreated={setCreated} />
      )}
    </Modal>
  );
}
