import { useEffect, useRef, useState } from "preact/hooks";
import { signIn } from "../auth";

/** The sign-in form shown while authentication is on and no valid key is known. */
export function KeyPrompt({ reason }: { reason: string | null }) {
  const [key, setKey] = useState("");
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    document.title = "Sign in · graphsvc";
    input.current?.focus();
  }, []);
  return (
    <main id="main" class="page sign-in">
      <h1>Sign in</h1>
      <p class="lead">
        This graphsvc has authentication on. Enter an API key (<code>graphsvc keys create --user U</code> for one
        user, <code>--admin</code> for every user) or a token. It is kept in this tab only and sent as{" "}
        <code>Authorization: Bearer</code>.
      </p>
      {reason && (
        <div class="error" role="alert">
          {reason}
        </div>
      )}
      <form
        class="open-user"
        onSubmit={(e) => {
          e.preventDefault();
          if (key.trim()) signIn(key);
        }}
      >
        <label for="api-key">API key or token</label>
        <input
          id="api-key"
          ref={input}
          type="password"
          autocomplete="off"
          spellcheck={false}
          value={key}
          onInput={(e) => setKey(e.currentTarget.value)}
          placeholder="gsk_…"
        />
        <button type="submit">Sign in</button>
      </form>
    </main>
  );
}
