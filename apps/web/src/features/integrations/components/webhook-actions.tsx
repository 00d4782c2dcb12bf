import { WEBHOOK, type WebhookEndpoint, type WebhookEndpointWithSecret } from '@courier/contract';
import { ActionIcon, Menu } from '@mantine/core';
import {
  IconDots,
  IconHistory,
  IconKey,
  IconPencil,
  IconPlayerPause,
  IconPlayerPlay,
  IconSend,
  IconTrash,
} from '@tabler/icons-react';
import { confirmAction, confirmDanger } from '../../../components/list/confirm';
import { notifySuccess } from '../../../lib/notifications';
import { useDeleteWebhookEndpoint } from '../api/delete-webhook-endpoint';
import { useRotateWebhookSecret } from '../api/rotate-webhook-secret';
import { useSendTestWebhook } from '../api/send-test-webhook';
import { useUpdateWebhookEndpoint } from '../api/update-webhook-endpoint';

const waitingOf = (pending: number) =>
  pending === 1
    ? 'The message waiting for it is sent now.'
    : `The ${pending} messages waiting for it are sent now.`;

/**
 * One endpoint's actions in a menu (keyboard reachable, named after the endpoint): edit, turn off or on, a test
 * event, a new secret, the log, delete. Turning off, rotating and deleting are asked first.
 */
export function WebhookActions({
  slug,
  endpoint,
  onEdit,
  onLog,
  onRotated,
}: {
  slug: string;
  endpoint: WebhookEndpoint;
  onEdit: () => void;
  onLog: () => void;
  onRotated: (endpoint: WebhookEndpointWithSecret) => void;
}) {
  const toggle = useUpdateWebhookEndpoint(slug);
  const test = useSendTestWebhook(slug);
  const rotate = useRotateWebhookSecret(slug);
  const remove = useDeleteWebhookEndpoint(slug);
  const { uuid, url } = endpoint;

  const turnOn = () =>
    toggle.mutate(
      { uuid, body: { isEnabled: true } },
      {
        onSuccess: (saved) =>
          notifySuccess(
            'Webhook Endpoint On',
            saved.pending > 0 ? waitingOf(saved.pending) : 'It hears the events it chose from now on.',
          ),
      },
    );
  const turnOff = () =>
    confirmAction({
      title: 'Turn this endpoint off?',
      message: `${url} hears nothing until you turn it on again: the events of that time are not sent to it later.`,
      confirmLabel: 'Turn off',
      onConfirm: () =>
        toggle.mutate(
          { uuid, body: { isEnabled: false } },
          {
            onSuccess: () =>
              notifySuccess('Webhook Endpoint Off', `${url} hears nothing until it is turned on.`),
          },
        ),
    });
  const askRotate = () =>
    confirmAction({
      title: 'Make a new signing secret?',
      message: `The new secret is shown once. The previous one keeps signing, beside it, for ${WEBHOOK.previousSecretHours} hours: put the new one into your system within that time.`,
      confirmLabel: 'Rotate secret',
      onConfirm: () => rotate.mutate(uuid, { onSuccess: onRotated }),
    });
  const askDelete = () =>
    confirmDanger({
      title: 'Delete this endpoint?',
      message: `${url} hears nothing more from us. Its waiting messages and its log are deleted with it.`,
      confirmLabel: 'Delete endpoint',
      onConfirm: () => remove.mutate({ uuid, url }),
    });

  return (
    <Menu position="bottom-end" shadow="md" width={220}>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={`Actions for the endpoint ${url}`}
          loading={toggle.isPending || test.isPending || rotate.isPending || remove.isPending}
        >
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconHistory size={16} />} onClick={onLog}>
          View log
        </Menu.Item>
        <Menu.Item leftSection={<IconSend size={16} />} onClick={() => test.mutate({ uuid, url })}>
          Send test event
        </Menu.Item>
        <Menu.Item leftSection={<IconPencil size={16} />} onClick={onEdit}>
          Edit
        </Menu.Item>
        <Menu.Item
          leftSection={endpoint.isEnabled ? <IconPlayerPause size={16} /> : <IconPlayerPlay size={16} />}
          onClick={endpoint.isEnabled ? turnOff : turnOn}
        >
          {endpoint.isEnabled ? 'Turn off' : 'Turn on'}
        </Menu.Item>
        <Menu.Item leftSection={<IconKey size={16} />} onClick={askRotate}>
          Rotate secret
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={askDelete}>
          Delete
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
