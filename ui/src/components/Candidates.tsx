import { useState } from "preact/hooks";
import { asError, gql, type GraphsvcError } from "../api";
import { useQuery, usePages } from "../hooks";
import { CANDIDATES, PROMOTE_CANDIDATE, REJECT_CANDIDATE, type Candidate } from "../queries";
import { Badge, Empty, ErrorBox, Loading, Meter, Pager, Text } from "./common";
import { when } from "../format";

function CandidateCard({ userId, item }: { userId: string; item: Candidate }) {
  const [current, setCurrent] = useState(item);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<GraphsvcError | null>(null);
  async function decide(promote: boolean) {
    setBusy(true);
    setError(null);
    try {
      const variables = { userId, id: current.id };
      setCurrent(
        promote
          ? (await gql(PROMOTE_CANDIDATE, variables)).promoteCandidate
          : (await gql(REJECT_CANDIDATE, variables)).rejectCandidate,
      );
    } catch (exc) {
      setError(asError(exc));
    } finally {
      setBusy(false);
    }
  }
  return (
    <li class="card candidate">
      <div class="card-head">
        <Badge value={current.memoryType} />
        <Badge value={current.status} />
        {current.sourceTypes.map((s) => (
          <Badge key={s} value={s} tone="source" />
        ))}
      </div>
      <Text as="p">{current.content}</Text>
      <div class="card-meta">
        <Meter value={current.confidence} name="confidence" />
        <Meter value={current.importance} name="importance" />
      </div>
      <p class="muted">
        seen on {current.days.length} day{current.days.length === 1 ? "" : "s"} in {current.sources.length} source
        {current.sources.length === 1 ? "" : "s"} · since {when(current.createdAt)}
        {current.expiresAt && current.status === "OPEN" ? ` · expires ${when(current.expiresAt)}` : ""}
      </p>
      {current.status === "OPEN" ? (
        <div class="actions">
          <button type="button" disabled={busy} onClick={() => decide(true)}>
            Promote to a memory
          </button>
          <button type="button" class="secondary" disabled={busy} onClick={() => decide(false)}>
            Reject
          </button>
        </div>
      ) : (
        <p class="resolved" role="status">
          {current.status === "PROMOTED" ? "Promoted to a memory" : current.status === "REJECTED" ? "Rejected" : "Expired"}
          {current.decidedAt ? ` ${when(current.decidedAt)}` : ""}
          {current.promotionReason ? ` (${current.promotionReason})` : ""}
        </p>
      )}
      {error && <ErrorBox error={error} />}
    </li>
  );
}

/** Statements of other sources waiting to become memories: promote or reject each. */
export function Candidates({ userId }: { userId: string }) {
  const [showAll, setShowAll] = useState(false);
  const { data, error, loading, reload } = useQuery(
    CANDIDATES,
    { userId, status: showAll ? null : "OPEN" },
    `${userId}|${showAll}`,
  );
  const items = data?.candidates ?? [];
  const { page, index, pages, go } = usePages(items, 10, `${userId}|${showAll}`);
  return (
    <section aria-labelledby="candidates-title">
      <div class="section-head">
        <h2 id="candidates-title">Memory candidates</h2>
        <label class="inline">
          <input type="checkbox" checked={showAll} onChange={(e) => setShowAll(e.currentTarget.checked)} />
          <span>Show decided too</span>
        </label>
      </div>
      <p class="muted">
        What todos, tasks, notes, posts, calendar entries and documents say becomes a memory only once it is seen on
        several days or in several sources, is important, or a person confirms it here.
      </p>
      {loading && !data && <Loading what="candidates" />}
      {error && <ErrorBox error={error} retry={reload} />}
      {data && items.length === 0 && (
        <Empty title="No candidate waits">
          <p>
            Candidates come from <code>ingestEvents</code> and <code>ingestDocument</code>; the daily learning run
            promotes or expires them by itself.
          </p>
        </Empty>
      )}
      {items.length > 0 && (
        <ul class="cards">
          {page.map((c) => (
            <CandidateCard key={c.id} userId={userId} item={c} />
          ))}
        </ul>
      )}
      <Pager index={index} pages={pages} go={go} noun="Candidates" />
    </section>
  );
}
