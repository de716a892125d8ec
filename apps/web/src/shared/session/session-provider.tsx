import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../api';
import * as sessionApi from './session-api';
import type { AppContext, SessionUser } from './types';

export type SessionStatus = 'restoring' | 'signedOut' | 'signedIn';

export interface SessionValue {
  status: SessionStatus;
  context: AppContext | null;
  user: SessionUser | null;
  /** The session is locked by inactivity: the token is gone until the password is given again. */
  locked: boolean;
  /**
   * Where a guarded route sends a signed-out user: '/' (spec §2), or '/login' right after a
   * sign-out or an expired session, so the guard agrees with the navigation under way.
   */
  signedOutTo: '/' | '/login';
  signIn(email: string, password: string, captchaPayload: string): Promise<AppContext>;
  signOut(): Promise<void>;
  lock(): void;
  unlock(password: string, captchaPayload: string): Promise<void>;
  acceptTerms(): Promise<void>;
  /** Reads `getContext` again and keeps its user (after the own details change: the header's name). */
  refreshContext(): Promise<void>;
}

interface SessionState {
  status: SessionStatus;
  context: AppContext | null;
  locked: boolean;
  signedOutTo: '/' | '/login';
}

/** Non-secret UI state: a reload of a locked tab shows the lock screen again. */
const LOCKED_KEY = 'atalaya.locked';
/**
 * Non-secret UI state: this browser signed in and did not sign out, so a refresh cookie may
 * exist. Without it a page load does not call the server (anonymous visitors of the public site).
 */
const SIGNED_IN_HINT_KEY = 'atalaya.signedIn';

const SIGNED_OUT: SessionState = { status: 'signedOut', context: null, locked: false, signedOutTo: '/' };

const SessionContext = createContext<SessionValue | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [state, setState] = useState<SessionState>({ ...SIGNED_OUT, status: 'restoring' });
  const restoreStarted = useRef(false);

  const clear = useCallback(() => {
    api.reset();
    sessionStorage.removeItem(LOCKED_KEY);
    localStorage.removeItem(SIGNED_IN_HINT_KEY);
    queryClient.clear();
    setState({ ...SIGNED_OUT, signedOutTo: '/login' });
  }, [queryClient]);

  // On page load the HttpOnly cookie may still hold a session: one refresh, then the context.
  useEffect(() => {
    if (restoreStarted.current) return;
    restoreStarted.current = true;
    void (async () => {
      const refreshed = localStorage.getItem(SIGNED_IN_HINT_KEY) ? await api.refreshSession() : 'rejected';
      if (refreshed !== 'ok') {
        if (refreshed === 'rejected') localStorage.removeItem(SIGNED_IN_HINT_KEY);
        setState(SIGNED_OUT);
        return;
      }
      try {
        const context = await sessionApi.fetchContext();
        const locked = sessionStorage.getItem(LOCKED_KEY) === '1';
        if (locked) api.lock();
        setState({ status: 'signedIn', context, locked, signedOutTo: '/' });
      } catch {
        api.reset();
        setState(SIGNED_OUT);
      }
    })();
  }, []);

  useEffect(
    () =>
      api.onSessionExpired(() => {
        clear();
        void navigate('/login', { replace: true });
      }),
    [clear, navigate],
  );

  const signIn = useCallback(async (email: string, password: string, captchaPayload: string) => {
    const tokens = await sessionApi.passwordLogin(email, password, captchaPayload);
    api.setAccessToken(tokens.access_token);
    localStorage.setItem(SIGNED_IN_HINT_KEY, '1');
    const context = await sessionApi.fetchContext();
    sessionStorage.removeItem(LOCKED_KEY);
    setState({ status: 'signedIn', context, locked: false, signedOutTo: '/' });
    return context;
  }, []);

  const signOut = useCallback(async () => {
    await sessionApi.logout().catch(() => undefined);
    clear();
    await navigate('/login', { replace: true });
  }, [clear, navigate]);

  const lock = useCallback(() => {
    api.lock();
    sessionStorage.setItem(LOCKED_KEY, '1');
    setState((current) => ({ ...current, locked: true }));
  }, []);

  const email = state.context?.User.Email;
  const unlock = useCallback(
    async (password: string, captchaPayload: string) => {
      if (!email) throw new Error('No signed-in user to unlock');
      const tokens = await sessionApi.passwordLogin(email, password, captchaPayload);
      api.unlock(tokens.access_token);
      sessionStorage.removeItem(LOCKED_KEY);
      setState((current) => ({ ...current, locked: false }));
    },
    [email],
  );

  const acceptTerms = useCallback(async () => {
    await sessionApi.acceptTerms();
    setState((current) =>
      current.context ? { ...current, context: { ...current.context, User: { ...current.context.User, AcceptTerms: true } } } : current,
    );
  }, []);

  const refreshContext = useCallback(async () => {
    const context = await sessionApi.fetchContext();
    setState((current) => (current.status === 'signedIn' ? { ...current, context } : current));
  }, []);

  const value = useMemo<SessionValue>(
    () => ({ ...state, user: state.context?.User ?? null, signIn, signOut, lock, unlock, acceptTerms, refreshContext }),
    [state, signIn, signOut, lock, unlock, acceptTerms, refreshContext],
  );

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside <SessionProvider>');
  return value;
}

/** The time zone dates are shown in: the signed-in user's, else the browser's. */
export function useUserTimeZone(): string {
  const value = useContext(SessionContext);
  return value?.user?.TimeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
}
