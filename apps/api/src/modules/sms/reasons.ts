/** Why a text was not sent or not delivered, in words, from the code kept on it (sms_messages.error). */
const REASONS: Record<string, string> = {
  invalid_number: 'Not sent: this is not a valid phone number',
  opted_out: 'Not sent: the recipient replied STOP to our texts',
  twilio_21211: 'Not sent: the provider says this is not a valid phone number',
  twilio_21610: 'Not sent: the recipient replied STOP to our texts (unsubscribed)',
  twilio_21612: 'Not sent: the provider cannot reach this number',
  twilio_21614: 'Not sent: this number is not a mobile number',
  no_organisation: 'Not sent: no organisation sends it',
};

export function smsReason(error: string | null): string | null {
  if (!error) return null;
  const known = REASONS[error];
  if (known) return known;
  const undelivered = /^undelivered_?(\d*)$/.exec(error);
  if (undelivered) return `Not delivered: the carrier could not deliver it${undelivered[1] ? ` (error ${undelivered[1]})` : ''}`;
  return `Not sent: the provider refused it (${error})`;
}
