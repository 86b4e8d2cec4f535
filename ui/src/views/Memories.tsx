import type { ComponentChildren } from "preact";
import { useState } from "preact/hooks";
import { Link } from "wouter-preact";
import { useQuery } from "../hooks";
import { MEMORIES, MEMORY_STATUSES, MEMORY_TYPES, type Memory, type MemoryType } from "../queries";
import { Badge, CursorPager, Empty, ErrorBox, Loading, Meter, Text } from "../components/common";
import { MessagesDialog, type MessageRequest } from "../components/MessagesDialog";
import { HistoryDialog, MemoryActions } from "../components/MemoryActions";
import { ProvenanceDialog, type ProvenanceRequest } from "../components/ProvenanceDialog";
import { label, when } from "../format";
import type { ViewProps } from "../views";

/** When a memory held in the user's life (valid time), or that it was forgotten. */
function ValidTime({ memory }: { memory: Memory }) {
  if (memory.status === "FORGOTTEN") return <p class="muted">Forgotten: its text was removed.</p>;
  if (!memory.validFrom && !memory.validTo) return null;
  return (
    <p class="valid-time muted">
      {memory.validTo ? (
        <>
          held from {when(memory.validFrom)} to {when(memory.validTo)}
        </>
      ) : (
        <>holds since {when(memory.validFrom)}</>
      )}
      {memory.slot ? (
        <>
          {" "}
          · value of <code>{memory.slot}</code>
        </>
      ) : null}
    </p>
  );
}

/** Which rule of the offline rulebook kept a memory, what it decides and how precise it measured; nothing for a
 * memory an LLM or a person made. */
function KeptBy({ memory }: { memory: Memory }) {
  if (!memory.ruleId) return null;
  const precision = memory.rule?.measuredPrecision;
  return (
    <p class="kept-by muted">
      kept by rule <code>{memory.ruleId}</code>
      {memory.rule ? `: ${memory.rule.description}` : ""}
      {precision != null ? ` (precision ${precision.toFixed(2)} over ${memory.rule?.judged} judged)` : ""}
    </p>
  );
}

export function MemoryCard({
  memory,
  openSources,
  explain,
  actions,
}: {
  memory: Memory;
  openSources: (r: MessageRequest) => void;
  explain: (r: ProvenanceRequest) => void;
  actions?: ComponentChildren;
}) {
  return (
    <li class={`card memory memory-${memory.status.toLowerCase()}`}>
      <div class="card-head">
        <Badge value={memory.type} />
        {memory.status !== "ACTIVE" && <Badge value={memory.status} />}
        {memory.origin !== "EXTRACTION" && <Badge value={`from ${memory.origin}`} tone="origin" />}
        {memory.reinforcementCount > 0 && <span class="muted">reinforced {memory.reinforcementCount}×</span>}
      </div>
      {memory.content ? <Text as="p">{memory.content}</Text> : null}
      <ValidTime memory={memory} />
      <KeptBy memory={memory} />
      <div class="card-meta">
        <Meter value={memory.confidence} name="confidence" />
        <Meter value={memory.importance} name="importance" />
      </div>
      <div class="card-foot">
        <span class="muted">
          {memory.occurredAt ? `happened ${when(memory.occurredAt)} · ` : ""}stored {when(memory.createdAt)}
          {memory.lastReinforcedAt ? ` · last reinforced ${when(memory.lastReinforcedAt)}` : ""}
        </span>
        <button
          type="button"
          disabled={memory.sourceMessageIds.length === 0}
          onClick={() => openSources({ title: "Where this memory came from", messageIds: memory.sourceMessageIds })}
        >
          Source messages ({memory.sourceMessageIds.length})
        </button>
        {memory.status !== "FORGOTTEN" && (
          <button
            type="button"
            class="why"
            aria-label="Why? Where this memory came from"
            onClick={() => explain({ memoryId: memory.id, content: memory.content })}
          >
            Why?
          </button>
        )}
      </div>
      {actions}
    </li>
  );
}

const STATUS_CHOICES: Record<string, (typeof MEMORY_STATUSES)[number][]> = {
  ACTIVE: ["ACTIVE"],
  SUPERSEDED: ["SUPERSEDED"],
  ARCHIVED: ["ARCHIVED"],
  FORGOTTEN: ["FORGOTTEN"],
  ALL: [...MEMORY_STATUSES],
};

/** The user's memories, newest first, by type and status, 20 a page, each with its source messages, valid time,
 * history, why graphsvc believes it (what made it, the messages, the traits resting on it), and the correct /
 * archive / restore / forget actions. */
export function Memories({ userId }: ViewProps) {
  const [type, setType] = useState<MemoryType | "">("");
  const [status, setStatus] = useState("ACTIVE");
  const [notice, setNotice] = useState<string | null>(null);
  const [history, setHistory] = useState<Memory | null>(null);
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const [sources, setSources] = useState<MessageRequest | null>(null);
  const [provenance, setProvenance] = useState<ProvenanceRequest | null>(null);
  const after = cursors[cursors.length - 1];
  const { data, error, loading, reload } = useQuery(
    MEMORIES,
    { userId, type: type || null, after, status: STATUS_CHOICES[status] },
    `${userId}|${type}|${status}|${after}`,
  );
  const changed = (what: string) => {
    setNotice(what);
    reload();
  };
  return (
    <section aria-labelledby="memories-title">
      <div class="section-head">
        <h2 id="memories-title">Memories</h2>
        <label class="inline">
          <span>Type</span>
          <select
            value={type}
            onChange={(e) => {
              setType(e.currentTarget.value as MemoryType | "");
              setCursors([null]);
            }}
          >
            <option value="">all types</option>
            {MEMORY_TYPES.map((t) => (
              <option key={t} value={t}>
                {label(t)}
              </option>
            ))}
          </select>
        </label>
        <label class="inline">
          <span>Status</span>
          <select
            value={status}
            onChange={(e) => {
              setStatus(e.currentTarget.value);
              setCursors([null]);
              setNotice(null);
            }}
          >
            {Object.keys(STATUS_CHOICES).map((s) => (
              <option key={s} value={s}>
                {label(s)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <p class="notice" role="status">
        {notice}
      </p>
      {loading && !data && <Loading what="memories" />}
      {error && <ErrorBox error={error} retry={reload} />}
      {data && data.memories.items.length === 0 && (
        <Empty title={status !== "ACTIVE" ? `No ${label(status)} memory` : type ? `No ${label(type)} memory` : "No memory yet"}>
          {status === "ACTIVE" ? (
            <p>
              Memories are extracted when a conversation ends: call <code>endConversation</code> for one of this user's
              sessions (idle ones end by themselves after 30 minutes by default), then look at the{" "}
              <Link href="/jobs">jobs</Link> view.
            </p>
          ) : (
            <p>
              A memory is superseded when it is corrected or a newer value replaces it, archived with{" "}
              <strong>Archive</strong> (or by daily learning when unused), forgotten with <strong>Forget…</strong>. Pick
              another status above to see the others.
            </p>
          )}
        </Empty>
      )}
      {data && data.memories.items.length > 0 && (
        <ul class="cards" aria-busy={loading}>
          {data.memories.items.map((m) => (
            <MemoryCard
              key={`${m.id}|${m.status}`}
              memory={m}
              openSources={setSources}
              explain={setProvenance}
              actions={<MemoryActions userId={userId} memory={m} done={changed} openHistory={setHistory} />}
            />
          ))}
        </ul>
      )}
      {data && <CursorPager cursors={cursors} next={data.memories.nextCursor} setCursors={setCursors} noun="Memories" />}
      {sources && <MessagesDialog userId={userId} request={sources} onClose={() => setSources(null)} />}
      {provenance && <ProvenanceDialog userId={userId} request={provenance} onClose={() => setProvenance(null)} />}
      {history && <HistoryDialog userId={userId} memory={history} onClose={() => setHistory(null)} />}
    </section>
  );
}
