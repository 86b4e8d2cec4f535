import { useMemo } from "preact/hooks";
import { forceCenter, forceCollide, forceLink, forceManyBody, forceSimulation, type SimulationNodeDatum } from "d3-force";
import { langOf } from "../format";

export interface GraphNode {
  id: string;
  label: string;
  kind: string;
}

export interface GraphLink {
  source: string;
  target: string;
  relation: string;
  strength: number;
}

interface Placed extends SimulationNodeDatum, GraphNode {}

/** A static force layout (d3-force, 300 ticks, no animation) of entities and their RELATES edges, as SVG.
 * Every node is a keyboard stop: Enter or a click opens it. */
export function ForceGraph({
  nodes,
  links,
  onOpen,
  focusId,
  label,
}: {
  nodes: GraphNode[];
  links: GraphLink[];
  onOpen: (node: GraphNode) => void;
  focusId?: string;
  label: string;
}) {
  const layout = useMemo(() => {
    const placed: Placed[] = nodes.map((n) => ({ ...n }));
    const known = new Set(placed.map((n) => n.id));
    const edges = links
      .filter((l) => known.has(l.source) && known.has(l.target))
      .map((l) => ({ ...l, source: l.source, target: l.target }));
    const simulation = forceSimulation<Placed>(placed)
      .force("charge", forceManyBody().strength(-220))
      .force("link", forceLink<Placed, { source: string | Placed; target: string | Placed }>(edges).id((d) => d.id).distance(90))
      .force("collide", forceCollide(34))
      .force("center", forceCenter(0, 0))
      .stop();
    for (let i = 0; i < 300; i++) simulation.tick();
    const xs = placed.map((n) => n.x ?? 0);
    const ys = placed.map((n) => n.y ?? 0);
    const pad = 70;
    // at least 640 × 400 units, so that a small graph is not blown up to fill the frame
    const w = Math.max(640, Math.max(0, ...xs) - Math.min(0, ...xs) + 2 * pad);
    const h = Math.max(400, Math.max(0, ...ys) - Math.min(0, ...ys) + 2 * pad);
    const cx = (Math.max(0, ...xs) + Math.min(0, ...xs)) / 2;
    const cy = (Math.max(0, ...ys) + Math.min(0, ...ys)) / 2;
    const box = { x: cx - w / 2, y: cy - h / 2, w, h };
    const at = new Map(placed.map((n) => [n.id, n]));
    return { placed, edges, at, box };
  }, [nodes, links]);

  const showEdgeLabels = layout.edges.length <= 40;
  return (
    <svg
      class="force-graph"
      viewBox={`${layout.box.x} ${layout.box.y} ${layout.box.w} ${layout.box.h}`}
      role="group"
      aria-label={label}
    >
      <defs>
        <marker
          id="arrow"
          viewBox="0 0 10 10"
          refX="24"
          refY="5"
          markerUnits="userSpaceOnUse"
          markerWidth="10"
          markerHeight="10"
          orient="auto"
        >
          <path d="M 0 0 L 10 5 L 0 10 z" class="arrow-head" />
        </marker>
      </defs>
      <g class="edges">
        {layout.edges.map((e, i) => {
          const a = layout.at.get(typeof e.source === "string" ? e.source : (e.source as Placed).id);
          const b = layout.at.get(typeof e.target === "string" ? e.target : (e.target as Placed).id);
          if (!a || !b) return null;
          return (
            <g key={i}>
              <line x1={a.x} y1={a.y} x2={b.x} y2={b.y} stroke-width={1 + 3 * e.strength} marker-end="url(#arrow)">
                <title>{`${a.label} —${e.relation}→ ${b.label} (strength ${e.strength.toFixed(2)})`}</title>
              </line>
              {showEdgeLabels && (
                <text x={((a.x ?? 0) + (b.x ?? 0)) / 2} y={((a.y ?? 0) + (b.y ?? 0)) / 2} class="edge-label" lang={langOf(e.relation)}>
                  {e.relation}
                </text>
              )}
            </g>
          );
        })}
      </g>
      <g class="nodes">
        {layout.placed.map((n) => (
          <g
            key={n.id}
            class={`node node-${n.kind.toLowerCase()}${n.id === focusId ? " node-focus" : ""}`}
            transform={`translate(${n.x ?? 0},${n.y ?? 0})`}
            tabindex={0}
            role="link"
            aria-label={`${n.label} (${n.kind.toLowerCase()})`}
            onClick={() => onOpen(n)}
            onKeyDown={(e) => {
              if (e.key === "Enter" || e.key === " ") {
                e.preventDefault();
                onOpen(n);
              }
            }}
          >
            <circle r={n.id === focusId ? 16 : 12} />
            <text y={28} lang={langOf(n.label)}>
              {n.label}
            </text>
          </g>
        ))}
      </g>
    </svg>
  );
}

/** The legend of node colours by entity kind. */
export function KindLegend() {
  return (
    <ul class="legend" aria-label="Entity kinds">
      {["PERSON", "PLACE", "ORGANIZATION", "WORK", "ANIMAL", "THING"].map((k) => (
        <li key={k}>
          <span class={`swatch node-${k.toLowerCase()}`} aria-hidden="true" /> {k.toLowerCase()}
        </li>
      ))}
    </ul>
  );
}
