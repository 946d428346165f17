import type { ApiResponse } from '../api/types.js';
import { storedValue } from './stored-value.js';

/** A staff sign-in as POST /v1/auth/login answers it. */
export type StaffSession = ApiResponse<'/v1/auth/login', 'post'>;
/** A retailer user's sign-in as POST /v1/portal/auth/login answers it. */
export type PortalSession = ApiResponse<'/v1/portal/auth/login', 'post'>;

/** For the tab's session only, dropped on sign-out or on the first 401 (DESIGN §12). */
export const staffSession = storedValue<StaffSession>(() => sessionStorage, 'factoryd.staff');
export const portalSession = storedValue<PortalSession>(() => sessionStorage, 'factoryd.portal');
