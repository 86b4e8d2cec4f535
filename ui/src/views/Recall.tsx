import { useState } from "preact/hooks";
import { useQuery } from "../hooks";
import { MEMORY_CONTEXT, RECALL } from "../queries";
import { Badge, Empty, ErrorBox, Loading, Text } from "../components/common";
import { MessagesDialog, type MessageRequest } from "../components/MessagesDialog";
import { label, when } from "../format";
import type { ViewProps } from "../views";

interface Asked {
  query: string;
  limit: number;
  context: boolean;
}

/** Ask recall what an assistant would get for a query: each hit's kind, score and sources. */
export function Recall({ userId }: ViewProps) {
  const [typed, setTyped] = useState("");
  const [limit, setLimit] = useState(10);
  const [asked, setAsked] = useState<Asked | null>(null);
  const [sources, setSources] = useState<MessageRequest | null>(null);
  const hits = useQuery(
    RECALL,
    { userId, query: asked?.query ?? "", limit: asked?.limit ?? 10 },
    `${userId}|${JSON.stringify(asked)}`,
    asked === null,
  );
  const context = useQuery(
    MEMORY_CONTEXT,
    { userId, query: asked?.query ?? "", maxTokens: 800 },
    `${userId}|${JSON.stringify(asked)}`,
    asked === null || !asked.context,
  );
  return (
    <section aria-labelledby="recall-title">
      <h2 id="recall-title">Recall playground</h2>
      <form
        class="recall-form"
        onSubmit={(e) => {
          e.preventDefault();
          const form = e.currentTarget as HTMLFormElement;
          const wantContext = (form.elements.namedItem("context") as HTMLInputElement).checked;
          if (typed.trim()) setAsked({ query: typed.trim(), limit, context: wantContext });
        }}
      >
        <label for="recall-query">Query</label>
        <input id="recall-query" value={typed} onInput={(e) => setTyped(e.currentTarget.value)} placeholder="e.g. Where does the user live?" />
        <label class="inline">
          <span>Hits</span>
          <select value={String(limit)} onChange={(e) => setLimit(Number(e.currentTarget.value))}>
            {[5, 10, 20, 50].map((n) => (
              <option key={n} value={n}>{n}</option>
            ))}
          </select>
        </label>
        <label class="inline">
          <input type="checkbox" name="context" />
          <span>Also build the prompt context (memoryContext, 800 tokens)</span>
        </label>
        <button type="submit">Recall</button>
      </form>
      {asked === null && (
        <Empty title="Ask something">
          <p>Type what an assistant would look up for this user. Recall ranks memories, messages, impressions and traits together.</p>
        </Empty>
      )}
      {hits.loading && <Loading what="recall" />}
      {hits.error && <ErrorBox error={hits.error} retry={hits.reload} />}
      {asked && hits.data && hits.data.recall.length === 0 && (
        <Empty title="Nothing recalled">
          <p>Nothing of this user matches. Try other words, or check the memories view for what is stored.</p>
        </Empty>
      )}
      {hits.data && hits.data.recall.length > 0 && (
        <ol class="cards hits">
          {hits.data.recall.map((h) => (
            <li key={`${h.kind}-${h.id}`} class="card hit">
              <div class="card-head">
                <Badge value={h.kind} />
                {h.memoryType && <Badge value={h.memoryType} tone="type" />}
                {h.entity && <span class="muted">about <Text>{h.entity}</Text></span>}
                <span class="score" title="fused rank score">score {h.score.toFixed(4)}</span>
              </div>
              <Text as="p">{h.content}</Text>
              <div class="card-foot">
                <span class="muted">{h.occurredAt ? when(h.occurredAt) : ""}</span>
                <button
                  type="button"
                  disabled={h.sourceMessageIds.length === 0}
                  onClick={() => setSources({ title: `Sources of this ${label(h.kind)}`, messageIds: h.sourceMessageIds })}
                >
                  Source messages ({h.sourceMessageIds.length})
                </button>
              </div>
            </li>
          ))}
        </ol>
      )}
      {context.error && <ErrorBox error={context.error} />}
      {context.data && asked?.context && (
        <section aria-labelledby="context-title" class="panel">
          <h3 id="context-title">Prompt context ({context.data.memoryContext.tokens} tokens)</h3>
          <pre class="context">
            <Text>{context.data.memoryContext.text}</Text>
          </pre>
        </section>
      )}
      {sources && <MessagesDialog userId={userId} request={sources} onClose={() => setSources(null)} />}
    </section>
  );
}
