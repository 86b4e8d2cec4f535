import { useState } from "preact/hooks";
import { Link } from "wouter-preact";
import { asError, gql, type GraphsvcError } from "../api";
import { useQuery, usePages } from "../hooks";
import { PENDING, RESOLVE, type PendingObservation } from "../queries";
import { Badge, Empty, ErrorBox, Loading, Meter, Pager, Text } from "../components/common";
import { Candidates } from "../components/Candidates";
import { MessagesDialog, type MessageRequest } from "../components/MessagesDialog";
import { segment, when } from "../format";
import type { ViewProps } from "../views";

function PendingCard({
  userId,
  item,
  openSources,
}: {
  userId: string;
  item: PendingObservation;
  openSources: (r: MessageRequest) => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<GraphsvcError | null>(null);
  const [outcome, setOutcome] = useState<string | null>(null);

  async function resolve(entityId: string | null) {
    setBusy(true);
    setError(null);
    try {
      const data = await gql(RESOLVE, { userId, id: item.id, entityId, createNew: entityId === null });
      setOutcome(data.resolvePendingObservation.entity.subject);
    } catch (exc) {
      setError(asError(exc));
    } finally {
      setBusy(false);
    }
  }

  const open = item.status === "OPEN" && outcome === null;
  return (
    <li class="card pending" aria-busy={busy}>
      <div class="card-head">
        <strong class="card-title">
          <Text>{item.subject}</Text>
        </strong>
        <Badge value={item.kind} />
        <Badge value={item.reason} tone="reason" />
        <Badge value={outcome ? "RESOLVED" : item.status} />
      </div>
      {item.detail && <p class="muted">{item.detail}</p>}
      {item.aliases.length > 0 && <p>Also called: <Text>{item.aliases.join(", ")}</Text></p>}
      {item.impressions.length > 0 && (
        <ul class="plain">
          {item.impressions.map((i, n) => (
            <li key={n}><Text>{i}</Text></li>
          ))}
        </ul>
      )}
      {(item.features.length > 0 || item.relations.length > 0) && (
        <p class="muted"><Text>{[...item.features, ...item.relations].join(" · ")}</Text></p>
      )}
      <div class="card-meta">
        <Meter value={item.confidence} name="confidence" />
        <button type="button" disabled={item.eventIds.length === 0} onClick={() => openSources({ title: `Where “${item.subject}” was observed`, eventIds: item.eventIds })}>
          Source messages ({item.eventIds.length})
        </button>
      </div>
      {open ? (
        <div class="actions" role="group" aria-label={`Decide about ${item.subject}`}>
          {item.candidates.map((c) => (
            <button key={c.id} type="button" disabled={busy} onClick={() => resolve(c.id)}>
              Same as <Text>{c.subject}</Text>
              {c.aliases.length > 1 && <span class="muted"> ({c.aliases.map((a) => a.name).filter((n) => n !== c.subject).join(", ")})</span>}
            </button>
          ))}
          <button type="button" class="secondary" disabled={busy} onClick={() => resolve(null)}>
            New entity “<Text>{item.subject}</Text>”
          </button>
        </div>
      ) : (
        <p class="resolved" role="status">
          Resolved{item.resolvedAt ? ` ${when(item.resolvedAt)}` : ""}
          {outcome && (
            <>
              {" "}as <Link href={`/entities/${segment(outcome)}`}><Text>{outcome}</Text></Link>
            </>
          )}
        </p>
      )}
      {error && <ErrorBox error={error} />}
    </li>
  );
}

/** Observations the identity resolver could not settle: apply each to an entity, or make a new one. */
export function Review({ userId }: ViewProps) {
  const [showAll, setShowAll] = useState(false);
  const [sources, setSources] = useState<MessageRequest | null>(null);
  const { data, error, loading, reload } = useQuery(
    PENDING,
    { userId, status: showAll ? null : "OPEN" },
    `${userId}|${showAll}`,
  );
  const items = data?.pendingObservations ?? [];
  const { page, index, pages, go } = usePages(items, 10, `${userId}|${showAll}`);
  return (
    <section aria-labelledby="review-title">
      <div class="section-head">
        <h2 id="review-title">Review queue</h2>
        <label class="inline">
          <input type="checkbox" checked={showAll} onChange={(e) => setShowAll(e.currentTarget.checked)} />
          <span>Show resolved too</span>
        </label>
      </div>
      <p class="muted">
        graphsvc never guesses an identity: a name that matches several entities, or a new one with weak evidence,
        waits here for a person.
      </p>
      {loading && !data && <Loading what="the review queue" />}
      {error && <ErrorBox error={error} retry={reload} />}
      {data && items.length === 0 && (
        <Empty title="Nothing waits for a decision">
          <p>
            Every observation of this user was settled. New ones appear here after a conversation ends; see the{" "}
            <Link href="/entities">entities</Link> for what is known.
          </p>
        </Empty>
      )}
      {items.length > 0 && (
        <ul class="cards">
          {page.map((p) => (
            <PendingCard key={p.id} userId={userId} item={p} openSources={setSources} />
          ))}
        </ul>
      )}
      <Pager index={index} pages={pages} go={go} noun="Observations" />
      {sources && <MessagesDialog userId={userId} request={sources} onClose={() => setSources(null)} />}
      <Candidates userId={userId} />
    </section>
  );
}
