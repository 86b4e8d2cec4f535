import { useEffect, useRef } from "preact/hooks";
import { Link } from "wouter-preact";
import { useQuery } from "../hooks";
import { MEMORY_PROVENANCE, type Provenance, type ProvenanceStep } from "../queries";
import { segment, when } from "../format";
import { Badge, Empty, ErrorBox, Loading, Text } from "./common";

/** What a memory's provenance dialog is asked for: the memory's id, and its text for the title while loading. */
export interface ProvenanceRequest {
  memoryId: string;
  content: string;
}

/** The UTC day of a date-time (YYYY-MM-DD) and the day after: a timeline range holding it. */
export function dayRange(value: string): { from: string; to: string } {
  const day = new Date(value);
  const next = new Date(day.getTime() + 24 * 60 * 60 * 1000);
  return { from: day.toISOString().slice(0, 10), to: next.toISOString().slice(0, 10) };
}

/** What made the memory: a rule with its description and measured precision, an LLM and its model, the
 * person or an agent. */
function MadeBy({ provenance }: { provenance: Provenance }) {
  const { madeBy, rule, steps } = provenance;
  if (madeBy === "RULEBOOK") {
    return (
      <div class="made-by made-by-rulebook">
        <p>
          Kept by a rule of the offline rulebook{rule ? ": " : "."}
          {rule && <strong>{rule.description}</strong>}
        </p>
        <p class="muted">
          {rule?.measuredPrecision != null
            ? `measured precision ${rule.measuredPrecision.toFixed(2)} on ${rule.judged} held-out outputs`
            : "precision not measured yet"}
          {rule && (
            <>
              {" "}
              · rule <code class="secondary-id">{rule.id}</code>
            </>
          )}
        </p>
      </div>
    );
  }
  if (madeBy === "LLM") {
    const models = [...new Set(steps.map((s) => [s.llmModel, s.llmProvider && `via ${s.llmProvider}`].filter(Boolean).join(" ")))];
    return (
      <p class="made-by made-by-llm">
        Extracted by an LLM{models.some(Boolean) ? <>: <strong>{models.filter(Boolean).join(", ")}</strong></> : "."}
      </p>
    );
  }
  if (madeBy === "PERSON") {
    return <p class="made-by made-by-person">Stated by the person (remembered or corrected by hand), not extracted.</p>;
  }
  return <p class="made-by made-by-agent">Stated by an agent through <code>remember</code>, not extracted.</p>;
}

/** One message the memory was created, reinforced or merged from: what was said, in which conversation and job. */
function Step({ step, close }: { step: ProvenanceStep; close: () => void }) {
  const range = step.occurredAt ? dayRange(step.occurredAt) : null;
  return (
    <li class="provenance-step">
      {step.decisions.map((d, i) => (
        <div key={i} class={`provenance-decision trace-${d.outcome.toLowerCase()}`}>
          <Badge value={d.outcome} />{" "}
          <q class="said">
            <Text>{d.sentence ?? d.piece}</Text>
          </q>
        </div>
      ))}
      <p class="muted">
        said {when(step.occurredAt)} in conversation <code class="secondary-id">{step.sessionId}</code>
        {range && (
          <>
            {" "}
            ·{" "}
            <Link href={`/timeline?from=${range.from}&to=${range.to}`} onClick={close}>
              see the message on the timeline
            </Link>
          </>
        )}
      </p>
      <p class="muted provenance-job">
        {step.extractor === "LLM" ? `read by the LLM${step.llmModel ? ` ${step.llmModel}` : ""}` : "read by the rulebook"} in
        extraction job <code class="secondary-id">{step.jobId}</code>, {when(step.recordedAt)} · message{" "}
        <code class="secondary-id">{step.messageId}</code>
      </p>
    </li>
  );
}

function Chain({ provenance, close }: { provenance: Provenance; close: () => void }) {
  const { memory, steps, traits } = provenance;
  return (
    <div class="provenance">
      <p class="provenance-memory">
        <Badge value={memory.type} /> {memory.status !== "ACTIVE" && <Badge value={memory.status} />}{" "}
        <Text>{memory.content}</Text>
      </p>
      <h3>Made by</h3>
      <MadeBy provenance={provenance} />
      <h3>From {steps.length === 1 ? "this message" : `these ${steps.length} messages`}</h3>
      {steps.length === 0 ? (
        <p class="muted">
          {provenance.madeBy === "PERSON" || provenance.madeBy === "AGENT"
            ? "No message: it was stated directly."
            : "No extraction step is kept any more (traces are kept for EXTRACTION_TRACE_RETENTION_DAYS)."}
        </p>
      ) : (
        <ol class="provenance-steps">
          {steps.map((s) => (
            <Step key={s.id} step={s} close={close} />
          ))}
        </ol>
      )}
      <h3>Traits resting on it</h3>
      {traits.length === 0 ? (
        <p class="muted">No trait cites it yet.</p>
      ) : (
        <ul class="provenance-traits">
          {traits.map((t) => (
            <li key={t.traitId}>
              <Badge value={t.stage} /> <span class="muted">{t.supports ? "supports" : "contradicts"}</span>{" "}
              <Link href={`/traits/${segment(t.traitId)}`} onClick={close}>
                <Text>{t.content}</Text>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** A modal answering "why does graphsvc believe this memory?": what made it, the messages it came from (each
 * linked to its day on the timeline) and the traits resting on it (each linked to its trait page). */
export function ProvenanceDialog({ userId, request, onClose }: { userId: string; request: ProvenanceRequest; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const { data, error, loading, reload } = useQuery(
    MEMORY_PROVENANCE,
    { userId, memoryId: request.memoryId },
    `${userId}|${request.memoryId}`,
  );
  useEffect(() => {
    const node = dialog.current;
    if (node && !node.open) node.showModal();
    return () => node?.close();
  }, []);
  const close = () => dialog.current?.close();
  return (
    <dialog ref={dialog} class="messages-dialog provenance-dialog" aria-labelledby="provenance-title" onClose={onClose}>
      <header>
        <h2 id="provenance-title">Why graphsvc believes this</h2>
        <button type="button" class="close" onClick={close} aria-label="Close">
          ✕
        </button>
      </header>
      {loading && <Loading what="where this memory came from" />}
      {error && <ErrorBox error={error} retry={reload} />}
      {data && <Chain provenance={data.memoryProvenance} close={close} />}
      {!data && !loading && !error && (
        <Empty title="Nothing to show">
          <Text>{request.content}</Text>
        </Empty>
      )}
    </dialog>
  );
}
