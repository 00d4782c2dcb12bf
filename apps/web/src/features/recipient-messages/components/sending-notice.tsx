import type { RecipientMessageSettings } from '@courier/contract';
import { Alert, List } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';

function countryName(code: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * How messages leave this server, from the settings' answer: through a provider, or kept in the platform's outbox
 * (nothing configured) where the platform admin reads them, so a company is not surprised that nobody got them.
 */
export function SendingNotice({
  settings,
}: {
  settings: Pick<RecipientMessageSettings, 'smsProvider' | 'emailTransport' | 'defaultCountry'>;
}) {
  const kept = settings.smsProvider === 'outbox' || settings.emailTransport === 'outbox';
  return (
    <Alert
      color={kept ? 'yellow' : 'blue'}
      variant="light"
      icon={kept ? <IconAlertTriangle size={18} /> : <IconInfoCircle size={18} />}
      title={kept ? 'Some messages are not sent from this server yet' : 'How messages leave this server'}
      // Standing information, not an alert that just happened.
      role="note"
      data-testid="sending-notice"
    >
      <List size="sm" spacing={4}>
        <List.Item>
          {settings.smsProvider === 'outbox'
            ? "No SMS provider is configured: text messages are kept in the platform's outbox, not sent to phones."
            : 'Text messages are sent through Twilio.'}
        </List.Item>
        <List.Item>
          {settings.emailTransport === 'outbox'
            ? "No mail server is configured: e-mails are kept in the platform's outbox, not delivered."
            : "E-mails are sent through this server's mail server."}
        </List.Item>
        <List.Item>
          Phone numbers written without their country code are read as numbers of{' '}
          {countryName(settings.defaultCountry)}. A recipient who answers STOP, or uses the link in an e-mail,
          gets no more messages from your company.
        </List.Item>
      </List>
    </Alert>
  );
}
