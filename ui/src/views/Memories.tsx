import { useState } from "preact/hooks";
import { Link } from "wouter-preact";
import { useQuery } from "../hooks";
import { MEMORIES, MEMORY_TYPES, type Memory } from "../queries";
import { Badge, CursorPager, Empty, ErrorBox, Loading, Meter, Text } from "../components/common";
import { MessagesDialog, type MessageRequest } from "../components/MessagesDialog";
import { label, when } from "../format";
import type { ViewProps } from "../views";

interface MemoriesData {
  memories: { items: Memory[]; nextCursor: string | null };
}

export function MemoryCard({ memory, openSources }: { memory: Memory; openSources: (r: MessageRequest) => void }) {
  return (
    <li class="card memory">
      <div class="card-head">
        <Badge value={memory.type} />
        {memory.reinforcementCount > 0 && <span class="muted">reinforced {memory.reinforcementCount}×</span>}
      </div>
      <Text as="p">{memory.content}</Text>
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
      </div>
    </li>
  );
}

/** The user's memories, newest first, by type, 20 a page, each with its source messages. */
export function Memories({ userId }: ViewProps) {
  const [type, setType] = useState("");
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const [sources, setSources] = useState<MessageRequest | null>(null);
  const after = cursors[cursors.length - 1];
  const { data, error, loading, reload } = useQuery<MemoriesData>(
    MEMORIES,
    { userId, type: type || null, after },
    `${userId}|${type}|${after}`,
  );
  return (
    <section aria-labelledby="memories-title">
      <div class="section-head">
        <h2 id="memories-title">Memories</h2>
        <label class="inline">
          <span>Type</span>
          <select
            value={type}
            onChange={(e) => {
              setType(e.currentTarget.value);
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
      </div>
      {loading && !data && <Loading what="memories" />}
      {error && <ErrorBox error={error} retry={reload} />}
      {data && data.memories.items.length === 0 && (
        <Empty title={type ? `No ${label(type)} memory` : "No memory yet"}>
          <p>
            Memories are extracted when a conversation ends: call <code>endConversation</code> for one of this user's
            sessions (idle ones end by themselves after 30 minutes by default), then look at the{" "}
            <Link href="/jobs">jobs</Link> view.
          </p>
        </Empty>
      )}
      {data && data.memories.items.length > 0 && (
        <ul class="cards" aria-busy={loading}>
          {data.memories.items.map((m) => (
            <MemoryCard key={m.id} memory={m} openSources={setSources} />
          ))}
        </ul>
      )}
      {data && <CursorPager cursors={cursors} next={data.memories.nextCursor} setCursors={setCursors} noun="Memories" />}
      {sources && <MessagesDialog userId={userId} request={sources} onClose={() => setSources(null)} />}
    </section>
  );
}
