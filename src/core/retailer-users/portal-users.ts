import type { Page, PageParams } from '../../store/pagination.js';
import type { CoreContext } from '../context.js';
import { checkActor } from './password-links.js';
import { listRetailerUsers, type RetailerUserView } from './retailer-users.js';

/** A portal session's own retailer and user. */
export interface PortalCaller {
  factoryId: string;
  retailerId: string;
  retailerUserId: string;
}

/**
 * The users of the caller's own retailer, newest first, for an owner in the portal to manage
 * their passwords; any other role is 403 `forbidden`.
 */
export async function listPortalUsers(
  ctx: CoreContext,
  caller: PortalCaller,
  params: PageParams,
): Promise<Page<RetailerUserView>> {
  await checkActor(
    ctx.db,
    { kind: 'owner', retailerUserId: caller.retailerUserId },
    caller.retailerId,
  );
  return listRetailerUsers(ctx, caller.factoryId, caller.retailerId, params);
}
