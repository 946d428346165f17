import { enabledStaffUserOfEmail } from '../../store/accounts/staff-users.repository.js';
import type { CoreContext } from '../context.js';
import { matchPassword, normalizeEmail } from '../sessions/credentials.js';
import { openSession, type OpenedSession } from '../sessions/sessions.js';
import { transact } from '../transaction.js';
import { toStaffView, type StaffUserView } from './staff-users.js';

export interface StaffLogin extends OpenedSession {
  user: StaffUserView;
}

/**
 * Logs a staff user in with email and password and opens an `ss_…` session. Unknown email,
 * wrong password and disabled user all answer 401 `invalid_credentials` after the same work.
 */
export async function loginStaff(
  ctx: CoreContext,
  input: { email: string; password: string },
): Promise<StaffLogin> {
  const row = await enabledStaffUserOfEmail(ctx.db, normalizeEmail(input.email));
  const user = await matchPassword(input.password, row ? [row] : []);
  return transact(ctx, async (tx) => {
    const session = await openSession(tx.trx, {
      factoryId: user.factory_id,
      now: tx.now,
      user: { kind: 'staff', staffUserId: user.id },
    });
    return { ...session, user: toStaffView(user) };
  });
}
