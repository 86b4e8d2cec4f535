import { useEffect, useMemo, useState } from "preact/hooks";
import { useLocation } from "wouter-preact";
import { asError, gql, type GraphsvcError } from "../api";
import { ENTITY_GRAPH, type EntityGraphPage, type GraphEntity } from "../queries";
import { Empty, ErrorBox, Loading } from "../components/common";
import { ForceGraph, KindLegend, type GraphLink, type GraphNode } from "../components/ForceGraph";
import { segment } from "../format";
import type { ViewProps } from "../views";

const MAX_PAGES = 3; // 300 entities: beyond that a picture stops being readable

/** Every entity of the user (up to 300) and the RELATES edges between them. */
export function EntityGraph({ userId }: ViewProps) {
  const [, navigate] = useLocation();
  const [entities, setEntities] = useState<GraphEntity[] | null>(null);
  const [truncated, setTruncated] = useState(false);
  const [error, setError] = useState<GraphsvcError | null>(null);
  const [onlyLinked, setOnlyLinked] = useState(true);

  useEffect(() => {
    let cancelled = false;
    (async () => {
      const all: GraphEntity[] = [];
      let after: string | null = null;
      for (let page = 0; page < MAX_PAGES; page++) {
        const data: EntityGraphPage = await gql(ENTITY_GRAPH, { userId, after });
        all.push(...data.entities.nodes);
        after = data.entities.hasNextPage ? data.entities.endCursor : null;
        if (!after) break;
      }
      if (!cancelled) {
        setEntities(all);
        setTruncated(after !== null);
      }
    })().catch((exc: unknown) => !cancelled && setError(asError(exc)));
    return () => {
      cancelled = true;
    };
  }, [userId]);

  const graph = useMemo(() => {
    const nodes: GraphNode[] = [];
    const links: GraphLink[] = [];
    const linked = new Set<string>();
    for (const e of entities ?? []) {
      for (const r of e.relations) {
        if (r.direction !== "OUTGOING") continue;
        links.push({ source: e.id, target: r.other.id, relation: r.relation, strength: r.strength });
        linked.add(e.id).add(r.other.id);
      }
    }
    for (const e of entities ?? []) {
      if (!onlyLinked || linked.has(e.id)) nodes.push({ id: e.id, label: e.subject, kind: e.kind });
    }
    return { nodes, links };
  }, [entities, onlyLinked]);

  if (error) return <ErrorBox error={error} />;
  if (!entities) return <Loading what="the entity graph" />;
  return (
    <section aria-labelledby="graph-title">
      <div class="section-head">
        <h2 id="graph-title">Entity graph</h2>
        <label class="inline">
          <input type="checkbox" checked={onlyLinked} onChange={(e) => setOnlyLinked(e.currentTarget.checked)} />
          <span>Only entities with relations</span>
        </label>
      </div>
      <p class="muted">
        {graph.nodes.length} entities, {graph.links.length} relations{truncated ? " (the first 300 entities by name)" : ""}.
        Select an entity (Tab, then Enter) to open it.
      </p>
      {graph.nodes.length === 0 ? (
        <Empty title={entities.length === 0 ? "No entity yet" : "No relation between entities yet"}>
          <p>
            Relations come from conversations that say how two people, places or things are linked (“my friend Oliver”).
            {entities.length > 0 && " Untick the box above to see the entities without relations."}
          </p>
        </Empty>
      ) : (
        <>
          <ForceGraph
            nodes={graph.nodes}
            links={graph.links}
            label="The user's entities and their relations"
            onOpen={(n) => navigate(`/entities/${segment(n.label)}`)}
          />
          <KindLegend />
        </>
      )}
    </section>
  );
}
