import type { APIRequestContext } from '@playwright/test';
import { inviteMember } from './api.ts';

/** An admin of the owner's organisation, invited by the owner and joined through the emailed invitation. */
export async function createAdmin(request: APIRequestContext, ownerToken: string, label: string): Promise<{ token: string }> {
  return { token: (await inviteMember(request, ownerToken, label, 'admin')).token };
}
