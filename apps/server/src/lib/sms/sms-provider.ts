/**
 * Text messages (issue 36, decision 071): one interface, so a second provider (Vonage, MessageBird, a local gateway)
 * is one more adapter. Twilio is the first (`twilio.adapter.ts`).
 */
export interface SmsMessage {
  /** E.164. */
  to: string;
  body: string;
  /** Where the provider reports the message's fate (delivered, undelivered), when it does. */
  statusCallbackUrl?: string;
}

export interface SmsSent {
  /** The provider's id of the message: its status callbacks name it. */
  providerMessageId: string;
  /** What the provider says at once (`queued`, `accepted`, `sent`…), as it says it. */
  providerStatus: string;
}

/**
 * The provider refused the message for good: a retry would be refused again (an invalid number, a number that sent
 * STOP). `optedOut` when the refusal is the recipient's own request.
 */
export class SmsRefusedError extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly optedOut = false,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'SmsRefusedError';
  }
}

export interface SmsProvider {
  readonly kind: 'twilio';
  /** Resolves when the provider took the message; `SmsRefusedError` for a refusal for good; any other error: try again. */
  send(message: SmsMessage, signal?: AbortSignal): Promise<SmsSent>;
  /** Whether a callback's request is the provider's own (its signature over the URL and the form's fields). */
  verifyCallback(input: { url: string; signature: string; params: Record<string, string> }): boolean;
}
