// The key a person signed in with, and whether the dashboard must ask for one.
// The key lives in sessionStorage (this tab only, gone when it closes) and is sent as `Authorization: Bearer`.
// Any 401 answer forgets it and shows the prompt again with the server's reason.
import { useEffect, useState } from "preact/hooks";

const STORAGE_KEY = "graphsvc.key";

export interface AuthState {
  /** True while the dashboard needs a key before it can show anything. */
  prompt: boolean;
  /** Why the prompt is shown again (a refused key, a sign-out); null the first time. */
  reason: string | null;
  /** Bumped at each sign-in and sign-out: the dashboard asks again who it is. */
  epoch: number;
}

let state: AuthState = { prompt: false, reason: null, epoch: 0 };
const listeners = new Set<(s: AuthState) => void>();

function publish(next: AuthState): void {
  state = next;
  for (const listener of listeners) listener(state);
}

/** The stored key, or null. */
export function credential(): string | null {
  try {
    return sessionStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

/** Keep `key` for this tab and leave the prompt. */
export function signIn(key: string): void {
  sessionStorage.setItem(STORAGE_KEY, key.trim());
  publish({ prompt: false, reason: null, epoch: state.epoch + 1 });
}

/** Forget the key and ask for one; `reason` says why a stored key no longer works (the 401's message, or a
 * sign-out). Without a stored key (the first visit) the prompt shows no reason. */
export function signedOut(reason: string | null): void {
  const had = credential() !== null;
  try {
    sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // storage switched off: nothing was kept
  }
  if (state.prompt && !had) return; // already asking; the first visit's 401 says nothing new
  publish({ prompt: true, reason: had ? reason : null, epoch: state.epoch + 1 });
}

/** The current state; re-renders the caller when it changes. */
export function useAuth(): AuthState {
  const [current, setCurrent] = useState(state);
  useEffect(() => {
    listeners.add(setCurrent);
    setCurrent(state);
    return () => {
      listeners.delete(setCurrent);
    };
  }, []);
  return current;
}
