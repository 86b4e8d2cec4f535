import { useState } from "preact/hooks";
import { Link } from "wouter-preact";
import { useQuery } from "../hooks";
import { ENTITY_PROVENANCE, type EntityProvenance, type ObservedMessage } from "../queries";
import { segment, when } from "../format";
import { ErrorBox, Loading, Text } from "./common";
import { dayRange } from "./ProvenanceDialog";

type Rule = NonNullable<EntityProvenance["kindRule"]>;

/** A rule's measured precision, as the memory's provenance dialog words it, and its id. */
function RuleFigures({ rule }: { rule: Rule }) {
  return (
    <p class="muted">
      {rule.measuredPrecision != null
        ? `measured precision ${rule.measuredPrecision.toFixed(2)} on ${rule.judged} held-out outputs`
        : "precision not measured yet"}{" "}
      · rule <code class="secondary-id">{rule.id}</code>
    </p>
  );
}

/** What decided the entity's kind: a rule (its description and measured precision), an LLM, a person, nothing. */
function KindDecidedBy({ provenance, kind }: { provenance: EntityProvenance; kind: string }) {
  const { kindDecidedBy, kindRule } = provenance;
  const kindName = kind.toLowerCase();
  if (kindDecidedBy === "RULEBOOK") {
    return (
      <div class="made-by made-by-rulebook">
        <p>
          A {kindName}, decided by a rule of the offline rulebook{kindRule ? ": " : "."}
          {kindRule && <strong>{kindRule.description}</strong>}
        </p>
        {kindRule && <RuleFigures rule={kindRule} />}
      </div>
    );
  }
  if (kindDecidedBy === "LLM") {
    return <p class="made-by made-by-llm">A {kindName}, as an LLM's extraction read the messages below (no rule decided).</p>;
  }
  if (kindDecidedBy === "PERSON") {
    return <p class="made-by made-by-person">A {kindName}, set by hand (a person or an agent through the API).</p>;
  }
  return <p class="made-by made-by-nobody">Nothing said what it is: a thing, the default kind.</p>;
}

/** One message the entity or a relation was observed in: what was said, by whom, when; linked to its day on the
 * timeline. */
function Said({ message }: { message: ObservedMessage }) {
  const range = dayRange(message.occurredAt);
  const where = message.sessionId ? (
    <>
      in conversation <code class="secondary-id">{message.sessionId}</code>
    </>
  ) : (
    <>in a {message.sourceType.toLowerCase()}{message.title ? <> “<Text>{message.title}</Text>”</> : null}</>
  );
  return (
    <li class="provenance-step provenance-message">
      <q class="said">
        <Text>{message.content}</Text>
      </q>
      <p class="muted">
        {message.speaker ? (
          <>
            <Text>{message.speaker}</Text>,{" "}
          </>
        ) : null}
        {when(message.occurredAt)} {where} ·{" "}
        <Link href={`/timeline?from=${range.from}&to=${range.to}`}>see the message on the timeline</Link>
      </p>
    </li>
  );
}

function Messages({ messages, empty }: { messages: ObservedMessage[]; empty: string }) {
  if (messages.length === 0) return <p class="muted">{empty}</p>;
  return (
    <ol class="provenance-steps">
      {messages.map((m) => (
        <Said key={m.id} message={m} />
      ))}
    </ol>
  );
}

type RelationWhy = EntityProvenance["relations"][number];

function StatedBy({ item }: { item: RelationWhy }) {
  if (item.statedBy === "RULEBOOK") {
    return (
      <div class="made-by made-by-rulebook">
        <p>
          Stated by a rule of the offline rulebook{item.rule ? ": " : "."}
          {item.rule && <strong>{item.rule.description}</strong>}
        </p>
        {item.rule && <RuleFigures rule={item.rule} />}
      </div>
    );
  }
  if (item.statedBy === "LLM") return <p class="made-by made-by-llm">Stated by an LLM's extraction (no rule).</p>;
  return <p class="made-by made-by-person">Made by hand, from no message.</p>;
}

function Chain({ provenance, kind }: { provenance: EntityProvenance; kind: string }) {
  const { messages, observed, relations } = provenance;
  const shown = messages.length < observed ? `the newest ${messages.length} of ${observed} messages` : `${observed === 1 ? "this message" : `these ${observed} messages`}`;
  return (
    <div class="provenance entity-provenance">
      <h4>Its kind</h4>
      <KindDecidedBy provenance={provenance} kind={kind} />
      <h4>Observed in {observed === 0 ? "no message" : shown}</h4>
      <Messages messages={messages} empty="It was made by hand, or the messages it came from are no longer stored." />
      <h4>Its relations</h4>
      {relations.length === 0 ? (
        <p class="muted">No relation to another entity yet.</p>
      ) : (
        <ul class="provenance-relations">
          {relations.map((r, i) => (
            <li key={i} class="provenance-relation">
              <p>
                {r.relation.direction === "OUTGOING" ? "→" : "←"} <Text>{r.relation.relation}</Text>{" "}
                <Link href={`/entities/${segment(r.relation.other.subject)}`}>
                  <Text>{r.relation.other.subject}</Text>
                </Link>
              </p>
              <StatedBy item={r} />
              {r.observed > 0 && (
                <Messages messages={r.messages} empty="The messages it came from are no longer stored." />
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function Loaded({ userId, entityId, kind }: { userId: string; entityId: string; kind: string }) {
  const { data, error, loading, reload } = useQuery(ENTITY_PROVENANCE, { userId, entityId }, `${userId}|${entityId}`);
  return (
    <>
      {loading && <Loading what="why graphsvc believes this" />}
      {error && <ErrorBox error={error} retry={reload} />}
      {data && <Chain provenance={data.entityProvenance} kind={kind} />}
    </>
  );
}

/** A disclosure answering "why does graphsvc believe this entity?": what decided its kind (the rule with its
 * measured precision, an LLM, a person), the messages it was observed in and what stated each relation, every
 * message linked to its day on the timeline. Read when first opened. */
export function EntityWhy({ userId, entityId, kind }: { userId: string; entityId: string; kind: string }) {
  const [opened, setOpened] = useState(false);
  return (
    <details
      class="entity-why"
      onToggle={(e) => {
        if ((e.currentTarget as HTMLDetailsElement).open) setOpened(true);
      }}
    >
      <summary>Why graphsvc believes this</summary>
      {opened && <Loaded userId={userId} entityId={entityId} kind={kind} />}
    </details>
  );
}
