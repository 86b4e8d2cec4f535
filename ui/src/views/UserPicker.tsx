import { useState } from "preact/hooks";
import { Link, useLocation } from "wouter-preact";
import { useQuery } from "../hooks";
import { USERS } from "../queries";
import { CursorPager, Empty, ErrorBox, Loading } from "../components/common";
import { langOf, segment, when } from "../format";

/** The dashboard's start: open a user by id, or pick one of the users with conversations. */
export function UserPicker() {
  const [, navigate] = useLocation();
  const [typed, setTyped] = useState("");
  const [prefix, setPrefix] = useState("");
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const after = cursors[cursors.length - 1];
  const { data, error, loading, reload } = useQuery(USERS, { prefix: prefix || null, after }, `${prefix}|${after}`);
  document.title = "Users · graphsvc";

  return (
    <main id="main" class="page">
      <h1>What graphsvc knows about a user</h1>
      <p class="lead">
        Memories with their source messages, traits with their evidence, entities and how they relate, what waits for a
        decision, and what the background jobs did.
      </p>
      <form
        class="open-user"
        onSubmit={(e) => {
          e.preventDefault();
          if (typed.trim()) navigate(`/users/${segment(typed.trim())}`);
        }}
      >
        <label for="user-id">User id</label>
        <input id="user-id" value={typed} onInput={(e) => setTyped(e.currentTarget.value)} placeholder="e.g. ana" />
        <button type="submit">Open</button>
      </form>

      <section aria-labelledby="users-title">
        <div class="section-head">
          <h2 id="users-title">Users with conversations</h2>
          <label class="inline">
            <span>Filter by id prefix</span>
            <input
              type="search"
              value={prefix}
              onInput={(e) => {
                setPrefix(e.currentTarget.value);
                setCursors([null]);
              }}
            />
          </label>
        </div>
        {loading && !data && <Loading what="users" />}
        {error && <ErrorBox error={error} retry={reload} />}
        {data && data.users.nodes.length === 0 && (
          <Empty title={prefix ? "No user id starts with that" : "No user yet"}>
            <p>
              Send a conversation with <code>ingestMessages</code>, then <code>endConversation</code> to extract its
              memories: try it in <a href="/graphql">GraphiQL</a> (the first saved tab), or import a file with{" "}
              <code>graphsvc import FILE.jsonl</code>.
            </p>
          </Empty>
        )}
        {data && data.users.nodes.length > 0 && (
          <ul class="cards users">
            {data.users.nodes.map((u) => (
              <li key={u.userId} class="card">
                <Link href={`/users/${segment(u.userId)}`} class="card-title">
                  <span lang={langOf(u.userId)}>{u.userId}</span>
                </Link>
                <div class="muted">
                  {u.sessions} conversation{u.sessions === 1 ? "" : "s"} · last message {when(u.lastMessageAt)}
                </div>
              </li>
            ))}
          </ul>
        )}
        {data && (
          <CursorPager cursors={cursors} next={data.users.hasNextPage ? data.users.endCursor : null} setCursors={setCursors} noun="Users" />
        )}
      </section>
    </main>
  );
}
