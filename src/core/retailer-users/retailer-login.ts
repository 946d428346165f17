import { loginCandidatesOfEmail } from '../../store/accounts/retailer-users.repository.js';
import { retailerSummaryOf } from '../../store/retailers/retailers.repository.js';
import { factoryNameOf } from '../../store/settings/factories.repository.js';
import type { CoreContext } from '../context.js';
import { matchPassword, normalizeEmail } from '../sessions/credentials.js';
import { openSession, type OpenedSession } from '../sessions/sessions.js';
import { transact } from '../transaction.js';
import { toRetailerUserView, type RetailerUserView } from './retailer-users.js';

export interface RetailerLogin extends OpenedSession {
  user: RetailerUserView;
  retailer: { id: string; name: string; code: string };
  /** The factory the retailer orders from: the portal shows its name. */
  factory: { id: string; name: string };
}

/** At most this many accounts share one email: bounds the work of a login. */
const MAX_ACCOUNTS_PER_EMAIL = 5;

/**
 * Logs a retailer user in to the portal and opens an `rs_…` session. Emails are unique per
 * retailer only, so one person may hold logins at several retailers: the oldest account whose
 * password matches is the one signed in. Unknown email, no portal password, a disabled user and
 * a wrong password all answer 401 `invalid_credentials` after a password check.
 */
export async function loginRetailerUser(
  ctx: CoreContext,
  input: { email: string; password: string },
): Promise<RetailerLogin> {
  const candidates = await loginCandidatesOfEmail(
    ctx.db,
    normalizeEmail(input.email),
    MAX_ACCOUNTS_PER_EMAIL,
  );
  const user = await matchPassword(input.password, candidates);
  return transact(ctx, async (tx) => {
    const retailer = await retailerSummaryOf(tx.trx, user.retailer_id);
    const factory = await factoryNameOf(tx.trx, user.factory_id);
    const session = await openSession(tx.trx, {
      factoryId: user.factory_id,
      now: tx.now,
      user: { kind: 'retailer', retailerUserId: user.id },
    });
    return { ...session, user: toRetailerUserView(user), retailer, factory };
  });
}
