import { useQuery } from '@tanstack/react-query';
import { createContext, useContext, type ReactNode } from 'react';
import { useApi } from '../../shared/api/api-context.js';
import { call } from '../../shared/api/client.js';
import type { ApiResponse } from '../../shared/api/types.js';
import { ErrorMessage } from '../../shared/ui/ErrorMessage.js';
import { useStaffT } from '../staff-i18n.js';

/** Who is signed in, and the operations they may call: GET /v1/auth/me. */
export type Me = ApiResponse<'/v1/auth/me', 'get'>;

/**
 * An operation as the server's permission table names it: `POST /v1/orders/:id/cancel`. The
 * server answers the caller's own list in /v1/auth/me, so the app never keeps a copy of the
 * table: what a supervisor may not do is simply not offered.
 */
export type Operation = `${'GET' | 'POST' | 'PATCH' | 'DELETE'} /v1/${string}`;

const MeContext = createContext<Me | null>(null);

/** Loads /v1/auth/me once for the signed-in face, and renders the app once it is known. */
export function AccessProvider({ children }: { children: ReactNode }) {
  const { t } = useStaffT();
  const api = useApi();
  const me = useQuery({
    queryKey: ['auth', 'me'],
    queryFn: ({ signal }) => call(api.GET('/v1/auth/me', { signal })),
    staleTime: 5 * 60_000,
  });
  if (me.error) return <ErrorMessage error={me.error} title={t('access.no_account')} />;
  if (!me.data) return <p className="loading">{t('access.loading')}</p>;
  return <MeContext.Provider value={me.data}>{children}</MeContext.Provider>;
}

export function useMe(): Me {
  const me = useContext(MeContext);
  if (!me) throw new Error('useMe() outside an <AccessProvider>');
  return me;
}

/** `can('POST /v1/orders')`: whether the signed-in user may call that operation. */
export function useCan(): (operation: Operation) => boolean {
  const me = useMe();
  return (operation) => me.permissions.includes(operation);
}

/** Renders its children only for users who may call the operation. */
export function IfAllowed({ op, children }: { op: Operation; children: ReactNode }) {
  return useCan()(op) ? <>{children}</> : null;
}

/** What a page closed to the user would have let them do, per operation it needs. */
const ONLY_KEYS: Partial<Record<Operation, string>> = {
  'POST /v1/orders': 'access.only.create_orders',
  'POST /v1/orders/upload': 'access.only.upload_orders',
  'GET /v1/company': 'access.only.company',
  'GET /v1/staff': 'access.only.staff',
  'GET /v1/sso': 'access.only.sso',
  'GET /v1/api-keys': 'access.only.keys',
  'GET /v1/audit-log': 'access.only.audit',
};

/**
 * A page only some users may open (typed in, or followed from a bookmark): the page, or a
 * sentence saying who may (by the operation the page needs), instead of a 403 surprise.
 */
export function RequireAccess({ op, children }: { op: Operation; children: ReactNode }) {
  const { t } = useStaffT();
  if (useCan()(op)) return <>{children}</>;
  return (
    <section className="page-message">
      <h1>{t('access.not_available')}</h1>
      <p>
        {t(ONLY_KEYS[op] ?? 'access.only.page')} {t('access.ask')}
      </p>
    </section>
  );
}
