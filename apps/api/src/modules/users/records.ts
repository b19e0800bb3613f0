import type { MemberRecord } from '@crewpay/core';
import type { User } from '../../db/schema/index.ts';

/** The allowlist of a member's fields: never the password hash. */
export function toMemberRecord(user: User): MemberRecord {
  return {
    id: user.id,
    email: user.email,
    role: user.role,
    is_external: user.is_external,
    is_agent: user.is_agent,
    is_manager: user.is_manager,
    first_name: user.first_name,
    last_name: user.last_name,
    display_name: user.display_name,
    phone_number: user.phone_number,
    created_at: user.created_at.toISOString(),
    updated_at: user.updated_at.toISOString(),
  };
}
