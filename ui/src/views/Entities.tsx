import { useEffect, useState } from "preact/hooks";
import { Link } from "wouter-preact";
import { useQuery } from "../hooks";
import { ENTITIES } from "../queries";
import { Badge, CursorPager, Empty, ErrorBox, Loading, Text } from "../components/common";
import { segment } from "../format";
import type { ViewProps } from "../views";

/** The user's entities by subject (or best name matches of a search), 20 a page. */
export function Entities({ userId }: ViewProps) {
  const [typed, setTyped] = useState("");
  const [search, setSearch] = useState("");
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(typed.trim());
      setCursors([null]);
    }, 250);
    return () => clearTimeout(timer);
  }, [typed]);
  const after = cursors[cursors.length - 1];
  const { data, error, loading, reload } = useQuery(
    ENTITIES,
    { userId, search: search || null, after },
    `${userId}|${search}|${after}`,
  );
  return (
    <section aria-labelledby="entities-title">
      <div class="section-head">
        <h2 id="entities-title">Entities</h2>
        <label class="inline">
          <span>Search names</span>
          <input type="search" value={typed} onInput={(e) => setTyped(e.currentTarget.value)} placeholder="a name or an alias" />
        </label>
      </div>
      {loading && !data && <Loading what="entities" />}
      {error && <ErrorBox error={error} retry={reload} />}
      {data && data.entities.nodes.length === 0 && (
        <Empty title={search ? "No entity has that name" : "No entity yet"}>
          <p>
            {search
              ? "Try a shorter part of the name: every word also matches as a prefix."
              : "People, places and things are observed when a conversation ends; observations graphsvc could not settle wait in the Review view."}
          </p>
        </Empty>
      )}
      {data && data.entities.nodes.length > 0 && (
        <ul class="cards entities" aria-busy={loading}>
          {data.entities.nodes.map((e) => (
            <li key={e.id} class="card">
              <div class="card-head">
                <Link href={`/entities/${segment(e.subject)}`} class="card-title">
                  <Text>{e.subject}</Text>
                </Link>
                <Badge value={e.kind} />
              </div>
              {e.aliases.length > 1 && (
                <p class="muted">
                  also: <Text>{e.aliases.map((a) => a.name).filter((n) => n !== e.subject).join(", ")}</Text>
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
      {data && (
        <CursorPager cursors={cursors} next={data.entities.hasNextPage ? data.entities.endCursor : null} setCursors={setCursors} noun="Entities" />
      )}
    </section>
  );
}
