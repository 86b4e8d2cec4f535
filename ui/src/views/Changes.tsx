import { useState } from "preact/hooks";
import { Link } from "wouter-preact";
import { useQuery } from "../hooks";
import { BELIEF_CHANGES, BELIEF_TIMES, type BeliefChange, type BeliefTime } from "../queries";
import { Badge, Empty, ErrorBox, Loading, Text } from "../components/common";
import { ProvenanceDialog, type ProvenanceRequest } from "../components/ProvenanceDialog";
import { label, segment } from "../format";
import type { ViewProps } from "../views";

/** The ranges offered, in days back from now (0: any time); the first is the default ("this week"). */
const RANGES = [7, 30, 0] as const;
type Range = (typeof RANGES)[number];
const ANY_TIME = "0001-01-01T00:00:00Z";

function since(days: Range): string {
  return days === 0 ? ANY_TIME : new Date(Date.now() - days * 24 * 60 * 60 * 1000).toISOString();
}

/** Which time the range and the days use, as the choice reads; the first is the default. */
const TIME_LABELS: Record<BeliefTime, string> = {
  HAPPENED: "when it happened",
  RECORDED: "when graphsvc recorded it",
};

/** When a change counts under `by`: its happened time (its recorded time where that is unknown), or its recorded
 * time; the API ranges and orders by the same. */
export function timeOf(change: BeliefChange, by: BeliefTime): string {
  return by === "HAPPENED" ? (change.happenedAt ?? change.at) : change.at;
}

/** Changes shown as old → new, with their evidence, at the top of their day. */
const HEADLINE = new Set(["superseded", "corrected", "modified"]);

const dayName = new Intl.DateTimeFormat(undefined, { dateStyle: "full", timeZone: "UTC" });
const timeOfDay = new Intl.DateTimeFormat(undefined, { timeStyle: "short", timeZone: "UTC" });
const dateAndTime = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

/** One day's changes of one kind: the headline ones, the other ones, and the plain creations (collapsed). */
interface KindGroup {
  kind: BeliefChange["kind"];
  headline: BeliefChange[];
  other: BeliefChange[];
  created: BeliefChange[];
}

/** The changes by UTC day of their time under `by` (oldest first, as read), and within a day memories then
 * traits. */
export function byDayAndKind(items: BeliefChange[], by: BeliefTime): [string, KindGroup[]][] {
  const days = new Map<string, Map<BeliefChange["kind"], KindGroup>>();
  for (const c of items) {
    const day = timeOf(c, by).slice(0, 10);
    const kinds = days.get(day) ?? new Map<BeliefChange["kind"], KindGroup>();
    days.set(day, kinds);
    const group = kinds.get(c.kind) ?? { kind: c.kind, headline: [], other: [], created: [] };
    kinds.set(c.kind, group);
    (c.change === "created" ? group.created : HEADLINE.has(c.change) ? group.headline : group.other).push(c);
  }
  return [...days.entries()].map(([day, kinds]) => [
    day,
    (["MEMORY", "TRAIT"] as const).flatMap((k) => kinds.get(k) ?? []),
  ]);
}

function noun(kind: BeliefChange["kind"], n: number): string {
  return `${n} ${kind === "TRAIT" ? "trait" : "memor"}${kind === "TRAIT" ? (n === 1 ? "" : "s") : n === 1 ? "y" : "ies"}`;
}

/** Old → new where the change carries values; a plain note where its content is gone. */
function Values({ change }: { change: BeliefChange }) {
  const { oldValue, newValue } = change;
  if (oldValue === null && newValue === null) {
    if (change.change === "forgotten") return <p class="muted">Forgotten: no content is kept.</p>;
    if (change.scrubbed) return <p class="muted">Its values quoted deleted content and were blanked.</p>;
    return null;
  }
  return (
    <p class="change-values">
      {oldValue !== null && (
        <del class="old-value">
          <Text>{oldValue}</Text>
        </del>
      )}
      {oldValue !== null && newValue !== null && <span class="arrow" aria-label="became"> → </span>}
      {newValue !== null && (
        <ins class="new-value">
          <Text>{newValue}</Text>
        </ins>
      )}
    </p>
  );
}

/** The memories a memory's correction or supersession is between: the one changed and the one now held (its
 * evidence other than itself), when exactly one. */
function between(change: BeliefChange): { old: string; now: string } | null {
  if (change.kind !== "MEMORY" || !HEADLINE.has(change.change)) return null;
  const others = change.evidenceIds.filter((id) => id !== change.targetId);
  return others.length === 1 ? { old: change.targetId, now: others[0] } : null;
}

/** What a change rests on, as a count with the ids (events and memories) behind a disclosure; for a correction
 * or supersession, where the old and the new value came from. */
function EvidenceOf({ change, explain }: { change: BeliefChange; explain: (r: ProvenanceRequest) => void }) {
  const n = change.evidenceIds.length;
  if (n === 0) return <p class="change-evidence muted">no evidence recorded</p>;
  const pair = between(change);
  return (
    <div class="change-evidence">
      <details>
        <summary>
          evidence: {n} {n === 1 ? "message or memory" : "messages and memories"}
        </summary>
        <p class="muted">
          {change.evidenceIds.map((id) => (
            <code key={id} class="secondary-id">
              {id}
            </code>
          ))}
        </p>
      </details>
      {pair && change.oldValue !== null && (
        <button type="button" class="secondary why" onClick={() => explain({ memoryId: pair.old, content: change.oldValue ?? "" })}>
          Why the old value?
        </button>
      )}
      {pair && change.newValue !== null && (
        <button type="button" class="secondary why" onClick={() => explain({ memoryId: pair.now, content: change.newValue ?? "" })}>
          Why the new value?
        </button>
      )}
    </div>
  );
}

/** When what the change is about happened (when known) beside when graphsvc recorded it, in UTC. */
function Times({ change }: { change: BeliefChange }) {
  return (
    <span class="change-times muted">
      {change.happenedAt && (
        <span class="change-happened">
          happened <time dateTime={change.happenedAt}>{dateAndTime.format(new Date(change.happenedAt))}</time>
          {" · "}
        </span>
      )}
      <span class="change-recorded">
        recorded <time dateTime={change.at}>{dateAndTime.format(new Date(change.at))}</time>
      </span>{" "}
      UTC
    </span>
  );
}

function Row({ change, explain }: { change: BeliefChange; explain: (r: ProvenanceRequest) => void }) {
  const headline = HEADLINE.has(change.change);
  return (
    <li class={`card change change-${change.change}${headline ? " change-headline" : ""}`} data-target={change.targetId}>
      <div class="card-head">
        <strong class="change-what" title={`${change.kind === "TRAIT" ? "trait" : "memory"} ${change.targetId}`}>
          {label(change.change)}
        </strong>
        {change.stage && <Badge value={change.stage} />}
        <span class="change-actor" title={`recorded as ${change.recordedActor}`}>
          by {label(change.actor)}
        </span>
        <Times change={change} />
      </div>
      <Values change={change} />
      {change.reason && (
        <p>
          <span class="muted">reason </span>
          <Text>{change.reason}</Text>
        </p>
      )}
      {(headline || change.evidenceIds.length > 0) && <EvidenceOf change={change} explain={explain} />}
      {change.kind === "TRAIT" && change.change !== "dissolved" && (
        <Link href={`/traits/${segment(change.targetId)}`} class="trait-link">
          see the trait
        </Link>
      )}
    </li>
  );
}

/** A day's plain creations of one kind as one line ("12 memories created"), opened to list them. */
function Created({ group, by }: { group: KindGroup; by: BeliefTime }) {
  const actors = [...new Set(group.created.map((c) => label(c.actor)))].join(", ");
  return (
    <details class="created-summary">
      <summary>
        {noun(group.kind, group.created.length)} created <span class="muted">by {actors}</span>
      </summary>
      <ul class="created-list">
        {group.created.map((c) => (
          <li key={c.id} data-target={c.targetId}>
            <span class="muted" title={`recorded ${dateAndTime.format(new Date(c.at))} UTC`}>
              {timeOfDay.format(new Date(timeOf(c, by)))}
            </span>{" "}
            {c.newValue === null ? (
              <span class="muted">(no content kept)</span>
            ) : c.kind === "TRAIT" ? (
              <Link href={`/traits/${segment(c.targetId)}`}>
                <Text>{c.newValue}</Text>
              </Link>
            ) : (
              <Text>{c.newValue}</Text>
            )}
            {c.stage && <> <Badge value={c.stage} /></>}
          </li>
        ))}
      </ul>
    </details>
  );
}

function Day({
  day,
  groups,
  by,
  explain,
}: {
  day: string;
  groups: KindGroup[];
  by: BeliefTime;
  explain: (r: ProvenanceRequest) => void;
}) {
  return (
    <li class="change-day">
      <h3>{dayName.format(new Date(`${day}T00:00:00Z`))}</h3>
      {groups.map((g) => (
        <section key={g.kind} class={`change-kind change-kind-${g.kind.toLowerCase()}`} aria-label={`${day} ${g.kind === "TRAIT" ? "traits" : "memories"}`}>
          <h4>{g.kind === "TRAIT" ? "Traits" : "Memories"}</h4>
          {g.headline.length + g.other.length > 0 && (
            <ol class="cards changes">
              {[...g.headline, ...g.other].map((c) => (
                <Row key={c.id} change={c} explain={explain} />
              ))}
            </ol>
          )}
          {g.created.length > 0 && <Created group={g} by={by} />}
        </section>
      ))}
    </li>
  );
}

/** What changed about the user's memories and traits in a recent range, a page at a time, by day and kind:
 * corrections and supersessions as old → new with their evidence first, other changes after, plain creations
 * collapsed into one line. The range and the days are of when each change happened (by default: an import of old
 * conversations lands on the days its messages were said) or of when graphsvc recorded it. */
export function Changes({ userId }: ViewProps) {
  const [range, setRange] = useState<Range>(RANGES[0]);
  const [by, setBy] = useState<BeliefTime>(BELIEF_TIMES[0]);
  const [provenance, setProvenance] = useState<ProvenanceRequest | null>(null);
  const [from, setFrom] = useState(() => since(RANGES[0]));
  const scope = `${userId}|${from}|${by}`;
  // the pages already read (before the one `after` names); both belong to one user and range
  const [paging, setPaging] = useState<{ scope: string; earlier: BeliefChange[]; after: string | null }>({
    scope,
    earlier: [],
    after: null,
  });
  const { earlier, after } = paging.scope === scope ? paging : { earlier: [], after: null };
  const { data, error, loading, reload } = useQuery(BELIEF_CHANGES, { userId, from, after, by }, `${scope}|${after}`);

  const seen = new Set(earlier.map((c) => c.id));
  const items = [...earlier, ...(data?.beliefChanges.nodes ?? []).filter((c) => !seen.has(c.id))];
  const next = data?.beliefChanges.hasNextPage ? data.beliefChanges.endCursor : null;
  return (
    <section aria-labelledby="changes-title">
      <div class="section-head">
        <h2 id="changes-title">What changed</h2>
      </div>
      <form class="filters" onSubmit={(e) => e.preventDefault()}>
        <label class="inline">
          <span>Range</span>
          <select
            value={String(range)}
            onChange={(e) => {
              const days = Number(e.currentTarget.value) as Range;
              setRange(days);
              setFrom(since(days));
            }}
          >
            <option value="7">this week (last 7 days)</option>
            <option value="30">last 30 days</option>
            <option value="0">any time</option>
          </select>
        </label>
        <label class="inline">
          <span>Dates</span>
          <select value={by} onChange={(e) => setBy(e.currentTarget.value as BeliefTime)}>
            {BELIEF_TIMES.map((t) => (
              <option key={t} value={t}>
                {TIME_LABELS[t]}
              </option>
            ))}
          </select>
        </label>
      </form>
      <p class="muted range-note">
        {by === "HAPPENED"
          ? "Days are when each change happened in the user's life (when its messages were said), not when graphsvc recorded it."
          : "Days are when graphsvc recorded each change, not when it happened in the user's life."}
      </p>
      {loading && items.length === 0 && <Loading what="the changes" />}
      {error && <ErrorBox error={error} retry={reload} />}
      {data && !loading && !error && items.length === 0 && (
        <Empty title="Nothing changed in this range">
          <p>
            Memories created, corrected, superseded, forgotten, archived or restored, and traits that moved, appear
            here. Widen the range above (an import of old conversations happened long ago), or see every memory under{" "}
            <strong>Memories</strong>.
          </p>
        </Empty>
      )}
      {items.length > 0 && (
        <ol class="change-days" aria-busy={loading}>
          {byDayAndKind(items, by).map(([day, groups]) => (
            <Day key={day} day={day} groups={groups} by={by} explain={setProvenance} />
          ))}
        </ol>
      )}
      {items.length > 0 && next && (
        <button type="button" class="more" disabled={loading} onClick={() => setPaging({ scope, earlier: items, after: next })}>
          More
        </button>
      )}
      {provenance && <ProvenanceDialog userId={userId} request={provenance} onClose={() => setProvenance(null)} />}
    </section>
  );
}
