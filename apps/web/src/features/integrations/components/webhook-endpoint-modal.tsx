import type { WebhookEndpoint, WebhookEndpointWithSecret } from '@courier/contract';
import { Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { WebhookEndpointForm } from './webhook-endpoint-form';
import { WebhookSecret } from './webhook-secret';

/** What the dialog shows: the form to add or edit an endpoint, or a secret just made (at creation, by a rotation). */
export type EndpointDialog =
  | { kind: 'create' }
  | { kind: 'edit'; endpoint: WebhookEndpoint }
  | { kind: 'rotated'; endpoint: WebhookEndpointWithSecret };

const TITLES = { create: 'Add endpoint', edit: 'Edit endpoint' } as const;

/**
 * Adding an endpoint then its secret in the same dialog, editing one, or a rotated secret: a secret lives only in
 * this dialog's state and is gone once it closes. While it shows, a click beside the dialog does not close it.
 */
export function WebhookEndpointModal({
  slug,
  dialog,
  onClose,
}: {
  slug: string;
  dialog: EndpointDialog;
  onClose: () => void;
}) {
  const phone = useMediaQuery('(max-width: 36em)');
  const [created, setCreated] = useState<WebhookEndpointWithSecret | null>(null);
  const secret = dialog.kind === 'rotated' ? dialog.endpoint : created;
  const title =
    dialog.kind === 'rotated'
      ? 'Copy the new signing secret now'
      : created
        ? 'Copy your signing secret now'
        : TITLES[dialog.kind];
  return (
    <Modal
      opened
      onClose={onClose}
      title={title}
      fullScreen={phone}
      size="lg"
      centered
      closeOnClickOutside={secret === null}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {secret ? (
        <WebhookSecret endpoint={secret} rotated={dialog.kind === 'rotated'} onDone={onClose} />
      ) : (
        <WebhookEndpointForm
          slug={slug}
          endpoint={dialog.kind === 'edit' ? dialog.endpoint : undefined}
          onCancel={onClose}
          onCreated={setCreated}
          onSaved={onClose}
        />
      )}
    </Modal>
  );
}
