import { useMemo, useState } from "preact/hooks";
import { Link, useLocation } from "wouter-preact";
import { useQuery, usePages } from "../hooks";
import { ENTITY } from "../queries";
import { Badge, Empty, ErrorBox, Loading, Meter, Pager, Text } from "../components/common";
import { ForceGraph, KindLegend, type GraphLink, type GraphNode } from "../components/ForceGraph";
import { MessagesDialog, type MessageRequest } from "../components/MessagesDialog";
import { EntityWhy } from "../components/EntityWhy";
import { segment, when } from "../format";

/** One entity: why graphsvc believes it, its names, impressions with the messages behind them, features, and its
 * RELATES neighbours. */
export function EntityPage({ userId, name }: { userId: string; name: string }) {
  const [, navigate] = useLocation();
  const [sources, setSources] = useState<MessageRequest | null>(null);
  const { data, error, loading, reload } = useQuery(ENTITY, { userId, name }, `${userId}|${name}`);
  const entity = data?.entity ?? null;
  const impressions = usePages(entity?.impressions ?? [], 10, `${userId}|${name}`);
  const graph = useMemo(() => {
    if (!entity) return { nodes: [] as GraphNode[], links: [] as GraphLink[] };
    const nodes = new Map<string, GraphNode>([[entity.id, { id: entity.id, label: entity.subject, kind: entity.kind }]]);
    const links: GraphLink[] = [];
    for (const r of entity.relations) {
      nodes.set(r.other.id, { id: r.other.id, label: r.other.subject, kind: r.other.kind });
      const [source, target] = r.direction === "OUTGOING" ? [entity.id, r.other.id] : [r.other.id, entity.id];
      links.push({ source, target, relation: r.relation, strength: r.strength });
    }
    return { nodes: [...nodes.values()], links };
  }, [entity]);

  if (loading && !data) return <Loading what="the entity" />;
  if (error) return <ErrorBox error={error} retry={reload} />;
  if (!entity) {
    return (
      <Empty title="No entity by that name">
        <p>
          No subject or alias of this user is “<Text>{name}</Text>”. Look it up in the <Link href="/entities">entity list</Link>.
        </p>
      </Empty>
    );
  }
  return (
    <article class="entity" aria-labelledby="entity-title">
      <p>
        <Link href="/entities">← Entities</Link>
      </p>
      <div class="section-head">
        <h2 id="entity-title">
          <Text>{entity.subject}</Text>
        </h2>
        <Badge value={entity.kind} />
        {entity.kindRule && (
          <code class="rule-id" title="The offline rule that decided the kind">
            {entity.kindRule}
          </code>
        )}
      </div>
      <p class="muted">
        Known since {when(entity.createdAt)} · updated {when(entity.updatedAt)}
      </p>
      <EntityWhy key={entity.id} userId={userId} entityId={entity.id} kind={entity.kind} />
      <section aria-labelledby="aliases-title">
        <h3 id="aliases-title">Names</h3>
        <ul class="chips">
          {entity.aliases.map((a) => (
            <li key={a.id}>
              <Text>{a.name}</Text>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="impressions-title">
        <h3 id="impressions-title">Impressions ({entity.impressions.length})</h3>
        {entity.impressions.length === 0 && <p class="muted">No impression yet.</p>}
        <ul class="cards">
          {impressions.page.map((i) => (
            <li key={i.id} class="card">
              <Text as="p">{i.content}</Text>
              <div class="card-foot">
                <Meter value={i.confidence} name="confidence" />
                <button
                  type="button"
                  disabled={i.evidence.length === 0}
                  onClick={() =>
                    setSources({ title: "Messages behind this impression", eventIds: i.evidence.map((e) => e.eventId) })
                  }
                >
                  Source messages ({i.evidence.length})
                </button>
              </div>
            </li>
          ))}
        </ul>
        <Pager index={impressions.index} pages={impressions.pages} go={impressions.go} noun="Impressions" />
      </section>
      <section aria-labelledby="features-title">
        <h3 id="features-title">Features</h3>
        {entity.features.length === 0 ? (
          <p class="muted">No feature yet.</p>
        ) : (
          <div class="table-wrap">
            <table>
              <thead>
                <tr><th scope="col">key</th><th scope="col">value</th><th scope="col">confidence</th><th scope="col">observed</th></tr>
              </thead>
              <tbody>
                {entity.features.map((f) => (
                  <tr key={f.id}>
                    <td><Text>{f.key}</Text></td>
                    <td><Text>{f.value}</Text></td>
                    <td>{Math.round(f.confidence * 100)} %</td>
                    <td>{when(f.observedAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <section aria-labelledby="document-mentions-title">
        <h3 id="document-mentions-title">Named in documents ({entity.documentMentions.length})</h3>
        {entity.documentMentions.length === 0 ? (
          <p class="muted">No document of the user's names it.</p>
        ) : (
          <ul class="document-mentions">
            {entity.documentMentions.map((m) => (
              <li key={m.documentId}>
                <Link href={`/documents/${encodeURIComponent(m.documentId)}`}>
                  <Text>{m.title}</Text>
                </Link>{" "}
                <span class="muted">
                  as “<Text>{m.name}</Text>” · {m.mentions} passage{m.mentions === 1 ? "" : "s"}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="relations-title">
        <h3 id="relations-title">Relations ({entity.relations.length})</h3>
        {entity.relations.length === 0 ? (
          <p class="muted">No relation to another entity yet.</p>
        ) : (
          <>
            <ul class="relations">
              {entity.relations.map((r, i) => (
                <li key={i}>
                  {r.direction === "OUTGOING" ? "→" : "←"} <Text>{r.relation}</Text>{" "}
                  <Link href={`/entities/${segment(r.other.subject)}`}>
                    <Text>{r.other.subject}</Text>
                  </Link>{" "}
                  <span class="muted">strength {r.strength.toFixed(2)}</span>
                  {r.ruleId && (
                    <>
                      {" "}
                      <code class="rule-id" title="The offline rule that stated the relation">
                        {r.ruleId}
                      </code>
                    </>
                  )}
                </li>
              ))}
            </ul>
            <ForceGraph
              nodes={graph.nodes}
              links={graph.links}
              focusId={entity.id}
              label={`${entity.subject} and the entities it relates to`}
              onOpen={(n) => navigate(`/entities/${segment(n.label)}`)}
            />
            <KindLegend />
          </>
        )}
      </section>
      {sources && <MessagesDialog userId={userId} request={sources} onClose={() => setSources(null)} />}
    </article>
  );
}
