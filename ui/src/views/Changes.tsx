import { useState } from "preact/hooks";
import { useQuery } from "../hooks";
import { BELIEF_CHANGES, type BeliefChange } from "../queries";
import { Badge, Empty, ErrorBox, Loading, Text } from "../components/common";
import { label, when } from "../format";
import type { ViewProps } from "../views";

/** The ranges offered, in days back from now; the first is the default ("this week"). */
const RANGES = [7, 30] as const;
type Range = (typeof RANGES)[number];

function since(days: Range): string {
  return new Date(Date.now() - days * 24 * 60 * 60 * 1000).toISOString();
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
        <>
          <span class="muted">was </span>
          <Text>{oldValue}</Text>
        </>
      )}
      {oldValue !== null && newValue !== null && <span aria-hidden="true"> → </span>}
      {newValue !== null && (
        <>
          <span class="muted">{oldValue !== null ? "now " : ""}</span>
          <Text>{newValue}</Text>
        </>
      )}
    </p>
  );
}

function Row({ change }: { change: BeliefChange }) {
  return (
    <li class={`card change change-${change.change}`}>
      <div class="card-head">
        <span class="muted">{when(change.at)}</span>
        <Badge value={change.kind} />
        <strong class="change-what">{label(change.change)}</strong>
        {change.stage && <Badge value={change.stage} />}
        <span class="change-actor" title={`recorded as ${change.recordedActor}`}>
          by {label(change.actor)}
        </span>
      </div>
      <Values change={change} />
      {change.reason && (
        <p>
          <span class="muted">reason </span>
          <Text>{change.reason}</Text>
        </p>
      )}
      <div class="card-meta change-evidence">
        <span class="muted">{change.kind === "TRAIT" ? "trait" : "memory"}</span> <code>{change.targetId}</code>
        <span class="muted">evidence</span>
        {change.evidenceIds.length === 0 ? (
          <span class="muted">none recorded</span>
        ) : (
          change.evidenceIds.map((id) => <code key={id}>{id}</code>)
        )}
      </div>
    </li>
  );
}

/** What changed about the user's memories and traits in a recent range, oldest first, a page at a time. */
export function Changes({ userId }: ViewProps) {
  const [range, setRange] = useState<Range>(RANGES[0]);
  const [from, setFrom] = useState(() => since(RANGES[0]));
  const scope = `${userId}|${from}`;
  // the pages already read (before the one `after` names); both belong to one user and range
  const [paging, setPaging] = useState<{ scope: string; earlier: BeliefChange[]; after: string | null }>({
    scope,
    earlier: [],
    after: null,
  });
  const { earlier, after } = paging.scope === scope ? paging : { earlier: [], after: null };
  const { data, error, loading, reload } = useQuery(BELIEF_CHANGES, { userId, from, after }, `${scope}|${after}`);

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
          </select>
        </label>
      </form>
      {loading && items.length === 0 && <Loading what="the changes" />}
      {error && <ErrorBox error={error} retry={reload} />}
      {data && !loading && !error && items.length === 0 && (
        <Empty title="Nothing changed in this range">
          <p>
            Memories created, corrected, superseded, forgotten, archived or restored, and traits that moved, appear
            here. Widen the range above, or see every memory under <strong>Memories</strong>.
          </p>
        </Empty>
      )}
      {items.length > 0 && (
        <ol class="cards changes" aria-busy={loading}>
          {items.map((c) => (
            <Row key={c.id} change={c} />
          ))}
        </ol>
      )}
      {items.length > 0 && next && (
        <button type="button" class="more" disabled={loading} onClick={() => setPaging({ scope, earlier: items, after: next })}>
          More
        </button>
      )}
    </section>
  );
}
