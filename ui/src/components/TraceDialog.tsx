import { useEffect, useRef } from "preact/hooks";
import { useQuery } from "../hooks";
import { EXTRACTION_TRACE, type ExtractionTrace } from "../queries";
import { when } from "../format";
import { Badge, Empty, ErrorBox, Loading, Text } from "./common";

export interface TraceRequest {
  sessionId: string;
  messageId: string;
}

function Trace({ trace }: { trace: ExtractionTrace }) {
  const by = trace.extractor === "LLM" ? `the LLM${trace.llmModel ? ` (${trace.llmModel})` : ""}` : "the rulebook";
  return (
    <li class="trace">
      <div class="message-meta">
        decided by {by} · recorded {when(trace.recordedAt)} · message <code>{trace.messageId}</code>
        {trace.fallbackReason && <> · the LLM failed: {trace.fallbackReason}</>}
      </div>
      {!trace.fromPerson && <p>An {trace.role.toLowerCase()} turn: only what a person says is remembered.</p>}
      {trace.refusedBy && (
        <p>
          The whole message was refused by rule <code>{trace.refusedBy}</code>.
        </p>
      )}
      {trace.fromPerson && !trace.refusedBy && trace.decisions.length === 0 && (
        <p>Nothing was taken from this message.</p>
      )}
      {trace.decisions.length > 0 && (
        <ol class="trace-decisions">
          {trace.decisions.map((d, i) => (
            <li key={i} class={`trace-decision trace-${d.outcome.toLowerCase()}`}>
              <div class="card-head">
                <Badge value={d.outcome} />
                {d.ruleId && <code>{d.ruleId}</code>}
              </div>
              <Text as="p">{d.piece}</Text>
              <p class="trace-why">{d.explanation}</p>
              {d.memoryId && (
                <span class="muted">
                  memory <code>{d.memoryId}</code>
                </span>
              )}
              {d.supersededIds.length > 0 && (
                <span class="muted">
                  {" "}
                  · superseded{" "}
                  {d.supersededIds.map((id) => (
                    <code key={id}>{id}</code>
                  ))}
                </span>
              )}
            </li>
          ))}
        </ol>
      )}
    </li>
  );
}

/** A modal with what the extraction decided about one message: "why was this (not) remembered?" */
export function TraceDialog({ userId, request, onClose }: { userId: string; request: TraceRequest; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const { data, error, loading, reload } = useQuery(
    EXTRACTION_TRACE,
    { userId, sessionId: request.sessionId, messageId: request.messageId },
    `${userId}|${request.sessionId}|${request.messageId}`,
  );
  useEffect(() => {
    const node = dialog.current;
    if (node && !node.open) node.showModal();
    return () => node?.close();
  }, []);
  return (
    <dialog ref={dialog} class="messages-dialog" aria-labelledby="trace-title" onClose={onClose}>
      <header>
        <h2 id="trace-title">Why was this remembered or not?</h2>
        <button type="button" class="close" onClick={() => dialog.current?.close()} aria-label="Close">
          ✕
        </button>
      </header>
      {loading && <Loading what="the extraction trace" />}
      {error && <ErrorBox error={error} retry={reload} />}
      {data && data.extractionTrace.length === 0 && (
        <Empty title="No extraction trace">
          The conversation has not been extracted yet (it ends after a while without messages, or with{" "}
          <code>endConversation</code>), or its trace is older than <code>EXTRACTION_TRACE_RETENTION_DAYS</code>.
        </Empty>
      )}
      {data && data.extractionTrace.length > 0 && (
        <ol class="messages">
          {data.extractionTrace.map((t) => (
            <Trace key={t.id} trace={t} />
          ))}
        </ol>
      )}
    </dialog>
  );
}
