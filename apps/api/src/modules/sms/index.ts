import { underProviders, type ModuleDescriptor } from '../../events/kernel.ts';
import { SANDBOX_PROVIDER } from '../../providers/sandbox-events.ts';
import { TWILIO_PROVIDER } from '../../providers/sms/index.ts';
import { sendSmsOperation } from './send.ts';
import { smsStatusEvents } from './status.ts';

// The SMS module as other modules see it: texts written in the caller's transaction, sent by the provider-calls outbox.
export const smsModule: ModuleDescriptor = {
  name: 'sms',
  // The sandbox's outbox or Twilio, whichever SANDBOX chooses when the call is made.
  operations: underProviders([SANDBOX_PROVIDER, TWILIO_PROVIDER], sendSmsOperation),
  providerEvents: [smsStatusEvents],
};
export { queueSms, recentSms, sendQueuedSms } from './outbox.ts';
export { smsReason } from './reasons.ts';
