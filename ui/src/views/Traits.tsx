import { useState } from "preact/hooks";
import { Link } from "wouter-preact";
import { useQuery, usePages } from "../hooks";
import { TRAITS, TRAIT_STAGES, type Evidence, type Trait, type TraitStage } from "../queries";
import { Badge, Empty, ErrorBox, Loading, Meter, Pager, Text } from "../components/common";
import { ConfidenceTrend } from "../components/ConfidenceTrend";
import { MessagesDialog, type MessageRequest } from "../components/MessagesDialog";
import { ProvenanceDialog, type ProvenanceRequest } from "../components/ProvenanceDialog";
import { label, segment, when } from "../format";
import type { ViewProps } from "../views";

/** What a trait card can open: the messages behind an evidence, and why graphsvc believes its memory. */
interface Openers {
  openSources: (r: MessageRequest) => void;
  explain: (r: ProvenanceRequest) => void;
}

function EvidenceRow({ evidence, openSources, explain }: { evidence: Evidence } & Openers) {
  const memory = evidence.memory;
  return (
    <li class={`evidence evidence-${evidence.kind.toLowerCase()}`}>
      <div class="card-head">
        <Badge value={evidence.kind} />
        <span class="grade" title="A consistent across contexts, B explicitly stated, C across conversations, D within one">
          grade {evidence.grade}
        </span>
        {evidence.inheritedFrom && <span class="muted">inherited from a narrower trait</span>}
        {evidence.resolvedAt && <span class="muted">taken into account {when(evidence.resolvedAt)}</span>}
      </div>
      {memory ? (
        <>
          <p>
            <Badge value={memory.memoryType} tone="type" /> <Text>{memory.content}</Text>
          </p>
          <button
            type="button"
            disabled={memory.sourceMessageIds.length === 0}
            onClick={() => openSources({ title: "Messages behind this evidence", messageIds: memory.sourceMessageIds })}
          >
            Source messages ({memory.sourceMessageIds.length})
          </button>{" "}
          <button
            type="button"
            class="why"
            aria-label="Why? Where this memory came from"
            onClick={() => explain({ memoryId: memory.id, content: memory.content })}
          >
            Why?
          </button>
        </>
      ) : (
        <p class="muted">The memory this evidence cited is no longer stored.</p>
      )}
    </li>
  );
}

function TraitCard({ trait, openSources, explain, single = false }: { trait: Trait; single?: boolean } & Openers) {
  const supporting = trait.evidence.filter((e) => e.kind === "SUPPORTING").length;
  return (
    <li class="card trait">
      <div class="card-head">
        <Badge value={trait.stage} />
        <Badge value={trait.subtype} tone="subtype" />
        <span class="muted">{label(trait.context)}</span>
        {trait.about && (
          <span class="about" title="The person whose memories this trait rests on">
            about <Text>{trait.about}</Text>
          </span>
        )}
      </div>
      {single ? (
        <Text as="p">{trait.content}</Text>
      ) : (
        <p>
          <Link href={`/traits/${segment(trait.id)}`} class="trait-link">
            <Text>{trait.content}</Text>
          </Link>
        </p>
      )}
      <div class="card-meta">
        <Meter value={trait.confidence} name="confidence" />
        <span class="muted">
          reinforced {trait.reinforcementCount}× · contradicted {trait.contradictionCount}×
          {trait.windowEnd ? ` · trend window ends ${when(trait.windowEnd)}` : ""}
        </span>
      </div>
      <ConfidenceTrend history={trait.history} />
      {trait.ruleId && (
        <p class="kept-by muted">
          phrased by rule <code>{trait.ruleId}</code>
          {trait.rule ? `: ${trait.rule.description}` : ""}
          {trait.rule?.measuredPrecision != null
            ? ` (precision ${trait.rule.measuredPrecision.toFixed(2)} over ${trait.rule.judged} judged)`
            : ""}
        </p>
      )}
      {(trait.parents.length > 0 || trait.children.length > 0) && (
        <div class="lineage">
          {trait.parents.length > 0 && (
            <p>
              Part of: {trait.parents.map((p) => <Text key={p.id}>{p.content}</Text>)}
            </p>
          )}
          {trait.children.length > 0 && (
            <p>
              Built from: {trait.children.map((c, i) => <span key={c.id}>{i > 0 && "; "}<Text>{c.content}</Text></span>)}
            </p>
          )}
          {trait.reasoning && (
            <p class="reasoning">
              Why: <Text>{trait.reasoning}</Text>
            </p>
          )}
        </div>
      )}
      <details open={single}>
        <summary>
          Evidence: {supporting} supporting, {trait.evidence.length - supporting} contradicting
        </summary>
        <ol class="evidence-list">
          {trait.evidence.map((e) => (
            <EvidenceRow key={e.id} evidence={e} openSources={openSources} explain={explain} />
          ))}
        </ol>
      </details>
      <div class="card-foot muted">
        first observed {when(trait.firstObserved)} · last reinforced {when(trait.lastReinforced)}
      </div>
    </li>
  );
}

/** Traits built by reflection, with stage and confidence, and the evidence chain down to messages. */
export function Traits({ userId }: ViewProps) {
  const [minStage, setMinStage] = useState<TraitStage | "">("");
  const [sources, setSources] = useState<MessageRequest | null>(null);
  const [provenance, setProvenance] = useState<ProvenanceRequest | null>(null);
  const { data, error, loading, reload } = useQuery(
    TRAITS,
    { userId, minStage: minStage || null },
    `${userId}|${minStage}`,
  );
  const traits = data?.userTraits ?? [];
  const { page, index, pages, go } = usePages(traits, 10, `${userId}|${minStage}`);
  return (
    <section aria-labelledby="traits-title">
      <div class="section-head">
        <h2 id="traits-title">Traits</h2>
        <label class="inline">
          <span>Lowest stage</span>
          <select value={minStage} onChange={(e) => setMinStage(e.currentTarget.value as TraitStage | "")}>
            <option value="">every active stage</option>
            {TRAIT_STAGES.map((s) => (
              <option key={s} value={s}>
                {label(s)} and up
              </option>
            ))}
          </select>
        </label>
      </div>
      {loading && !data && <Loading what="traits" />}
      {error && <ErrorBox error={error} retry={reload} />}
      {data && traits.length === 0 && (
        <Empty title="No trait at these stages">
          <p>
            Reflection builds traits from memories spanning at least two conversations. End another
            conversation of this user, or run <code>reflect(userId: "…", force: true)</code> in{" "}
            <a href="/graphql">GraphiQL</a>; trends and candidates show with “every active stage”.
          </p>
        </Empty>
      )}
      {traits.length > 0 && (
        <ul class="cards">
          {page.map((t) => (
            <TraitCard key={t.id} trait={t} openSources={setSources} explain={setProvenance} />
          ))}
        </ul>
      )}
      <Pager index={index} pages={pages} go={go} noun="Traits" />
      {sources && <MessagesDialog userId={userId} request={sources} onClose={() => setSources(null)} />}
      {provenance && <ProvenanceDialog userId={userId} request={provenance} onClose={() => setProvenance(null)} />}
    </section>
  );
}

/** One trait (`/traits/<id>`): its card with the evidence open, each evidence memory answering "Why?" down to the
 * messages it came from. */
export function TraitPage({ userId, id }: { userId: string; id: string }) {
  const [sources, setSources] = useState<MessageRequest | null>(null);
  const [provenance, setProvenance] = useState<ProvenanceRequest | null>(null);
  // every active stage: a trait linked from a memory may still be a trend or a candidate
  const { data, error, loading, reload } = useQuery(TRAITS, { userId, minStage: null }, `${userId}|all`);
  const trait = data?.userTraits.find((t) => t.id === id);
  return (
    <section aria-labelledby="trait-title">
      <div class="section-head">
        <h2 id="trait-title">Trait</h2>
        <Link href="/traits">all traits</Link>
      </div>
      {loading && !data && <Loading what="the trait" />}
      {error && <ErrorBox error={error} retry={reload} />}
      {data && !trait && (
        <Empty title="No such active trait">
          <p>
            It was dissolved or never existed for this user. See the <Link href="/traits">traits</Link> and{" "}
            <Link href="/changes">what changed</Link>.
          </p>
        </Empty>
      )}
      {trait && (
        <ul class="cards">
          <TraitCard trait={trait} openSources={setSources} explain={setProvenance} single />
        </ul>
      )}
      {sources && <MessagesDialog userId={userId} request={sources} onClose={() => setSources(null)} />}
      {provenance && <ProvenanceDialog userId={userId} request={provenance} onClose={() => setProvenance(null)} />}
    </section>
  );
}
