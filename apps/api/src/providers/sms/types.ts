/** The SMS channel (Twilio's Messages API in production): sends one text, answers the provider's message id. */
export type SmsTransport = {
  name: 'outbox' | 'twilio';
  send(message: { to: string; body: string }): Promise<{ provider_id: string }>;
};
