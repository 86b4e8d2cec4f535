import { useState } from "preact/hooks";
import { Link, useSearch } from "wouter-preact";
import { useQuery } from "../hooks";
import { SOURCE_TYPES, TIMELINE, TIMELINE_KINDS, type SourceType, type TimelineEntry, type TimelineKind } from "../queries";
import { Badge, CursorPager, Empty, ErrorBox, Loading, Text } from "../components/common";
import { TraceDialog, type TraceRequest } from "../components/TraceDialog";
import { label, when } from "../format";
import type { ViewProps } from "../views";

/** A `<input type=date>` value as the start of that UTC day, or null. */
function dayStart(value: string): string | null {
  return value ? `${value}T00:00:00+00:00` : null;
}

function byDay(entries: TimelineEntry[]): [string, TimelineEntry[]][] {
  const days = new Map<string, TimelineEntry[]>();
  for (const e of entries) {
    const day = e.at.slice(0, 10);
    days.set(day, [...(days.get(day) ?? []), e]);
  }
  return [...days.entries()];
}

/** Who said a conversation message: its speaker (when named) and its role (user, assistant...). */
function Speaker({ entry }: { entry: TimelineEntry }) {
  if (!entry.speaker && !entry.role) return null;
  return (
    <p class={`timeline-speaker${entry.role ? ` role-${entry.role}` : ""}`}>
      {entry.speaker && (
        <strong class="speaker">
          <Text>{entry.speaker}</Text>
        </strong>
      )}
      {entry.speaker && entry.role && " "}
      {entry.role && <span class="muted role">({entry.role})</span>}
    </p>
  );
}

function Entry({ entry, explain }: { entry: TimelineEntry; explain: (r: TraceRequest) => void }) {
  const message = entry.kind === "EVENT" && entry.sourceType === "CONVERSATION" && entry.sessionId && entry.sourceId;
  return (
    <li class={`timeline-entry timeline-${entry.kind.toLowerCase()}`}>
      <div class="card-head">
        <Badge value={entry.kind} />
        {entry.sourceType && <Badge value={entry.sourceType} tone="source" />}
        {entry.memoryType && <Badge value={entry.memoryType} />}
        {entry.status && <Badge value={entry.status} />}
        <span class="muted">{when(entry.at)}</span>
      </div>
      <Speaker entry={entry} />
      {entry.title && (
        <strong>
          <Text>{entry.title}</Text>
        </strong>
      )}
      <Text as="p">{entry.content}</Text>
      {entry.sessionId && <span class="muted">conversation <code>{entry.sessionId}</code></span>}
      {message && (
        <button
          type="button"
          class="secondary why"
          onClick={() => explain({ sessionId: entry.sessionId ?? "", messageId: entry.sourceId ?? "" })}
        >
          Why was this (not) remembered?
        </button>
      )}
      {entry.sourceType === "DOCUMENT" && entry.sourceId && (
        <span class="muted">
          document <code>{entry.sourceId}</code> · <Link href="/documents">documents</Link>
        </span>
      )}
    </li>
  );
}

/** A YYYY-MM-DD day of the address's query (`?from=…&to=…`, as a memory's "why" links to its message), or "". */
function dayParam(search: string, name: string): string {
  const value = new URLSearchParams(search).get(name) ?? "";
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : "";
}

/** Everything that happened to the user, oldest first: events of every source, memories and candidates.
 * `?from=YYYY-MM-DD&to=YYYY-MM-DD` in the address opens it on those days. */
export function Timeline({ userId }: ViewProps) {
  const search = useSearch();
  const [kinds, setKinds] = useState<TimelineKind[]>([...TIMELINE_KINDS]);
  const [source, setSource] = useState<SourceType | "">("");
  const [from, setFrom] = useState(() => dayParam(search, "from"));
  const [to, setTo] = useState(() => dayParam(search, "to"));
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const [trace, setTrace] = useState<TraceRequest | null>(null);
  const after = cursors[cursors.length - 1];
  const reset = () => setCursors([null]);
  const { data, error, loading, reload } = useQuery(
    TIMELINE,
    { userId, kinds, sourceTypes: source ? [source] : null, from: dayStart(from), to: dayStart(to), after },
    `${userId}|${kinds.join()}|${source}|${from}|${to}|${after}`,
    kinds.length === 0,
  );
  const entries = data?.timeline.nodes ?? [];
  return (
    <section aria-labelledby="timeline-title">
      <div class="section-head">
        <h2 id="timeline-title">Timeline</h2>
      </div>
      <form class="filters" onSubmit={(e) => e.preventDefault()}>
        <fieldset>
          <legend>Show</legend>
          {TIMELINE_KINDS.map((k) => (
            <label key={k} class="inline">
              <input
                type="checkbox"
                checked={kinds.includes(k)}
                onChange={(e) => {
                  setKinds(e.currentTarget.checked ? [...kinds, k] : kinds.filter((x) => x !== k));
                  reset();
                }}
              />
              <span>{{ EVENT: "events", MEMORY: "memories", CANDIDATE: "candidates" }[k]}</span>
            </label>
          ))}
        </fieldset>
        <label class="inline">
          <span>Events from</span>
          <select value={source} onChange={(e) => { setSource(e.currentTarget.value as SourceType | ""); reset(); }}>
            <option value="">every source</option>
            {SOURCE_TYPES.map((s) => (
              <option key={s} value={s}>{label(s)}</option>
            ))}
          </select>
        </label>
        <label class="inline">
          <span>From</span>
          <input type="date" value={from} onInput={(e) => { setFrom(e.currentTarget.value); reset(); }} />
        </label>
        <label class="inline">
          <span>Before</span>
          <input type="date" value={to} onInput={(e) => { setTo(e.currentTarget.value); reset(); }} />
        </label>
      </form>
      {kinds.length === 0 && (
        <Empty title="Nothing selected">
          <p>Tick events, memories or candidates above.</p>
        </Empty>
      )}
      {loading && !data && <Loading what="the timeline" />}
      {error && <ErrorBox error={error} retry={reload} />}
      {data && kinds.length > 0 && entries.length === 0 && (
        <Empty title="Nothing in this part of the timeline">
          <p>
            Widen the dates or the sources above. Events come from <code>ingestMessages</code>,{" "}
            <code>ingestEvents</code> (todos, tasks, notes, posts, calendar entries) and <code>ingestDocument</code>.
          </p>
        </Empty>
      )}
      {entries.length > 0 && (
        <ol class="timeline" aria-busy={loading}>
          {byDay(entries).map(([day, items]) => (
            <li key={day} class="timeline-day">
              <h3>{day}</h3>
              <ul class="cards">
                {items.map((e) => (
                  <Entry key={`${e.kind}|${e.id}`} entry={e} explain={setTrace} />
                ))}
              </ul>
            </li>
          ))}
        </ol>
      )}
      {trace && <TraceDialog userId={userId} request={trace} onClose={() => setTrace(null)} />}
      {data && (
        <CursorPager
          cursors={cursors}
          next={data.timeline.hasNextPage ? data.timeline.endCursor : null}
          setCursors={setCursors}
          noun="Timeline"
        />
      )}
    </section>
  );
}
