import type { SmsProvider } from './sms-provider.js';
import { twilioProvider } from './twilio.adapter.js';

/** The SMS provider the configuration names (Twilio when its three settings are set), or null: the outbox. */
export function createSmsProvider(config: {
  TWILIO_ACCOUNT_SID?: string | undefined;
  TWILIO_AUTH_TOKEN?: string | undefined;
  TWILIO_FROM?: string | undefined;
  TWILIO_API_URL?: string | undefined;
}): SmsProvider | null {
  if (!config.TWILIO_ACCOUNT_SID || !config.TWILIO_AUTH_TOKEN || !config.TWILIO_FROM) return null;
  return twilioProvider({
    accountSid: config.TWILIO_ACCOUNT_SID,
    authToken: config.TWILIO_AUTH_TOKEN,
    from: config.TWILIO_FROM,
    ...(config.TWILIO_API_URL ? { apiUrl: config.TWILIO_API_URL } : {}),
  });
}
