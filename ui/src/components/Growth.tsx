import type { GrowthDay } from "../queries";
import { count } from "../format";

const SERIES: { key: keyof Omit<GrowthDay, "day">; name: string }[] = [
  { key: "events", name: "events" },
  { key: "memories", name: "memories" },
  { key: "candidates", name: "candidates" },
  { key: "documents", name: "documents" },
];

/** What the user gained per day (userStats.growth): stacked bars, and the same numbers as a table. */
export function Growth({ days }: { days: GrowthDay[] }) {
  const total = (d: GrowthDay) => d.events + d.memories + d.candidates + d.documents;
  const max = Math.max(1, ...days.map(total));
  const width = 600;
  const height = 120;
  const bar = width / Math.max(1, days.length);
  const active = days.filter((d) => total(d) > 0);
  return (
    <figure class="growth">
      <svg
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-label={`Growth over ${days.length} days: ${active.length} days with something new`}
        preserveAspectRatio="none"
      >
        {days.map((d, i) => {
          let y = height;
          return (
            <g key={d.day}>
              <title>{`${d.day}: ${SERIES.map((s) => `${d[s.key]} ${s.name}`).join(", ")}`}</title>
              {SERIES.map((s) => {
                const h = (d[s.key] / max) * (height - 4);
                y -= h;
                return h > 0 ? (
                  <rect key={s.key} class={`growth-${s.key}`} x={i * bar + 1} y={y} width={Math.max(1, bar - 2)} height={h} />
                ) : null;
              })}
            </g>
          );
        })}
      </svg>
      <figcaption>
        {SERIES.map((s) => (
          <span key={s.key} class="legend-item">
            <span class={`swatch growth-${s.key}`} /> {s.name}
          </span>
        ))}
      </figcaption>
      <details>
        <summary>Days with something new ({active.length})</summary>
        <div class="table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col">day</th>
                {SERIES.map((s) => (
                  <th key={s.key} scope="col">{s.name}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {active.map((d) => (
                <tr key={d.day}>
                  <td>{d.day}</td>
                  {SERIES.map((s) => (
                    <td key={s.key}>{count(d[s.key])}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
