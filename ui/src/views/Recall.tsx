import { useState } from "preact/hooks";
import { useQuery } from "../hooks";
import { MEMORY_CONTEXT, RECALL, type RecallExplanation } from "../queries";
import { Badge, Empty, ErrorBox, Loading, Text } from "../components/common";
import { MessagesDialog, type MessageRequest } from "../components/MessagesDialog";
import { label, when } from "../format";
import type { ViewProps } from "../views";

interface Asked {
  query: string;
  limit: number;
  context: boolean;
  explain: boolean;
}

const score = (value: number) => value.toFixed(4);

/** How recall ranked a hit: each channel's rank and part of the fused score, then every rule that changed the
 * score, in order, to the final score (recall(explain: true)). */
function WhyThisRank({ explanation }: { explanation: RecallExplanation }) {
  return (
    <details class="why-rank" open>
      <summary>Why this rank</summary>
      <table class="channels">
        <caption class="muted">{explanation.fusion}</caption>
        <thead>
          <tr>
            <th scope="col">Channel</th>
            <th scope="col">Rank</th>
            <th scope="col">Part</th>
          </tr>
        </thead>
        <tbody>
          {explanation.channels.map((c) => (
            <tr key={c.channel}>
              <td>{label(c.channel)}</td>
              <td>{c.rank ?? "not found"}</td>
              <td>{score(c.contribution)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={2}>
              fused
            </th>
            <td class="fused-score">{score(explanation.fusedScore)}</td>
          </tr>
        </tfoot>
      </table>
      {explanation.adjustments.length > 0 && (
        <ol class="adjustments">
          {explanation.adjustments.map((a, i) => (
            <li key={i}>
              <Badge value={label(a.rule)} /> {score(a.scoreBefore)} → {score(a.scoreAfter)}{" "}
              <span class="muted">
                <Text>{a.detail}</Text>
              </span>
            </li>
          ))}
        </ol>
      )}
      <p class="final-score">final score {score(explanation.finalScore)}</p>
    </details>
  );
}

/** Ask recall what an assistant would get for a query: each hit's kind, score and sources, and, asked to
 * explain, how each hit was ranked and why each line of the prompt context is in it or left out. */
export function Recall({ userId }: ViewProps) {
  const [typed, setTyped] = useState("");
  const [limit, setLimit] = useState(10);
  const [asked, setAsked] = useState<Asked | null>(null);
  const [sources, setSources] = useState<MessageRequest | null>(null);
  const hits = useQuery(
    RECALL,
    { userId, query: asked?.query ?? "", limit: asked?.limit ?? 10, explain: asked?.explain ?? false },
    `${userId}|${JSON.stringify(asked)}`,
    asked === null,
  );
  const context = useQuery(
    MEMORY_CONTEXT,
    { userId, query: asked?.query ?? "", maxTokens: 800, explain: asked?.explain ?? false },
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
          const checked = (name: string) => (form.elements.namedItem(name) as HTMLInputElement).checked;
          if (typed.trim()) {
            setAsked({ query: typed.trim(), limit, context: checked("context"), explain: checked("explain") });
          }
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
        <label class="inline">
          <input type="checkbox" name="explain" />
          <span>Explain the ranking</span>
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
              {h.explanation && <WhyThisRank explanation={h.explanation} />}
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
          {context.data.memoryContext.lines.length > 0 && (
            <table class="context-lines">
              <caption>Why each line is in the context, or left out</caption>
              <thead>
                <tr>
                  <th scope="col">Section</th>
                  <th scope="col">Line</th>
                  <th scope="col">In</th>
                  <th scope="col">Why</th>
                </tr>
              </thead>
              <tbody>
                {context.data.memoryContext.lines.map((line) => (
                  <tr key={`${line.section}-${line.id}`} class={line.included ? "included" : "left-out"}>
                    <td>{label(line.section)}</td>
                    <td>
                      <Text>{line.text}</Text>
                    </td>
                    <td>{line.included ? "yes" : "no"}</td>
                    <td>
                      <Text>{line.reason}</Text>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      )}
      {sources && <MessagesDialog userId={userId} request={sources} onClose={() => setSources(null)} />}
    </section>
  );
}
