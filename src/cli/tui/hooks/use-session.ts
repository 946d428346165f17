import { useCallback, useEffect, useRef, useState } from 'react';
import type { ApiClient } from '../../api-client.js';
import { ApiError } from '../../errors.js';
import { backoff, errorLine, isTransient } from '../format.js';
import type { TuiTiming } from '../timing.js';
import { TuiApi, staffLogin } from '../tui-api.js';
import type { Caller } from '../tui-api.js';

export type Session =
  | { phase: 'checking' }
  | { phase: 'reconnecting'; error: string }
  | { phase: 'login'; notice: string | undefined; error: string | undefined; busy: boolean }
  | { phase: 'ready'; api: TuiApi; me: Caller };

export interface SessionControls {
  session: Session;
  /** Staff sign-in with email and password; on success the session becomes ready. */
  login(email: string, password: string): Promise<void>;
  /** Back to the sign-in form, saying why (a revoked key, an expired session). */
  signOut(notice: string): void;
}

export interface SessionOptions {
  /** The profile's or environment's token, if any. */
  token: string | undefined;
  /** A client for the server, with this token (or none). */
  connect: (token: string | undefined) => ApiClient;
  timing: TuiTiming;
}

/**
 * Who is using the UI. With a token from the profile or environment it asks the server who
 * that is; without one, or when the server refuses it, it asks for a staff sign-in instead.
 * While the server cannot be reached it keeps retrying.
 */
export function useSession({ token, connect, timing }: SessionOptions): SessionControls {
  const [session, setSession] = useState<Session>(() =>
    token
      ? { phase: 'checking' }
      : { phase: 'login', notice: undefined, error: undefined, busy: false },
  );
  const alive = useRef(true);
  const connectRef = useRef(connect);
  connectRef.current = connect;
  const timingRef = useRef(timing);
  timingRef.current = timing;

  /** Resolves once the server says who the token is, retrying while it is unreachable. */
  const identify = useCallback(async (api: TuiApi): Promise<Caller> => {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await api.me();
      } catch (error) {
        if (!alive.current || !isTransient(error)) throw error;
        setSession({ phase: 'reconnecting', error: errorLine(error) });
        const { retryBaseMs, retryMaxMs } = timingRef.current;
        await new Promise((resolve) =>
          setTimeout(resolve, backoff(attempt, retryBaseMs, retryMaxMs)),
        );
        if (!alive.current) throw error;
      }
    }
  }, []);

  useEffect(() => {
    alive.current = true;
    if (token) {
      const api = new TuiApi(connectRef.current(token));
      identify(api).then(
        (me) => alive.current && setSession({ phase: 'ready', api, me }),
        (error: unknown) => {
          if (!alive.current) return;
          setSession({
            phase: 'login',
            notice: refusedTokenNotice(error),
            error: undefined,
            busy: false,
          });
        },
      );
    }
    return () => {
      alive.current = false;
    };
  }, [token, identify]);

  const login = useCallback(
    async (email: string, password: string) => {
      setSession({ phase: 'login', notice: undefined, error: undefined, busy: true });
      try {
        const { token: sessionToken } = await staffLogin(
          connectRef.current(undefined),
          email,
          password,
        );
        const api = new TuiApi(connectRef.current(sessionToken));
        const me = await identify(api);
        if (alive.current) setSession({ phase: 'ready', api, me });
      } catch (error) {
        if (!alive.current) return;
        setSession({ phase: 'login', notice: undefined, error: errorLine(error), busy: false });
      }
    },
    [identify],
  );

  const signOut = useCallback((notice: string) => {
    setSession({ phase: 'login', notice, error: undefined, busy: false });
  }, []);

  return { session, login, signOut };
}

function refusedTokenNotice(error: unknown): string {
  if (error instanceof ApiError && error.status === 401) {
    return `The saved API key or session was refused (${error.code}); sign in as staff instead.`;
  }
  if (error instanceof ApiError && error.status === 403) {
    return `This token cannot use the terminal UI (${error.code}); sign in as staff instead.`;
  }
  return `${errorLine(error)}; sign in as staff instead.`;
}
