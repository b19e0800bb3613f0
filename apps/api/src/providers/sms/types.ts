/** One text as the provider knows it: its message id. */
export type SmsSent = { provider_id: string };

/**
 * The SMS channel (Twilio's Messages API outside the sandbox). Calls are made from the
 * provider-calls outbox, never inside a transaction of ours. A refusal is a ProviderCallError
 * with the provider's code only (never the number or the text): the number's fault is final,
 * the provider's (429, 5xx, no answer) is retryable.
 */
export type SmsTransport = {
  name: 'outbox' | 'twilio';
  send(message: { to: string; body: string }): Promise<SmsSent>;
  /**
   * The text this one would be, if the provider already accepted it (created since `since`, to
   * this number, with this body): Twilio takes no idempotency key, so a try whose answer was
   * lost is looked for before sending again. Null when there is none.
   */
  find(message: { to: string; body: string; since: Date }): Promise<SmsSent | null>;
};
