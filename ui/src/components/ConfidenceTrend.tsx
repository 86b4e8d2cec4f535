import type { TraitHistoryPoint } from "../queries";
import { label, percent, when } from "../format";

const WIDTH = 240;
const HEIGHT = 48;
const PAD = 4;

/** How a trait's confidence moved (Trait.history): a step line over time, and the same points as a table. */
export function ConfidenceTrend({ history }: { history: TraitHistoryPoint[] }) {
  if (history.length === 0) return null;
  const times = history.map((p) => new Date(p.at).getTime());
  const first = Math.min(...times);
  const span = Math.max(1, Math.max(...times) - first);
  const x = (t: number) => PAD + ((t - first) / span) * (WIDTH - 2 * PAD);
  const y = (c: number) => HEIGHT - PAD - c * (HEIGHT - 2 * PAD);
  // A step line: confidence holds until the next recorded change; trends (no confidence) leave a gap.
  const steps: string[] = [];
  let previous: number | null = null;
  history.forEach((p, i) => {
    const px = x(times[i]);
    if (p.confidence === null) {
      previous = null;
      return;
    }
    const py = y(p.confidence);
    steps.push(previous === null ? `M${px.toFixed(1)},${py.toFixed(1)}` : `H${px.toFixed(1)}V${py.toFixed(1)}`);
    previous = p.confidence;
  });
  const summary = history
    .map((p) => `${when(p.at)}: ${label(p.event)}, ${label(p.stage)}, confidence ${percent(p.confidence)}`)
    .join("; ");
  return (
    <figure class="confidence-trend">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={`Confidence over time: ${summary}`}>
        <line class="trend-axis" x1={PAD} x2={WIDTH - PAD} y1={y(0)} y2={y(0)} />
        {steps.length > 0 && <path class="trend-line" d={steps.join("")} />}
        {history.map((p, i) =>
          p.confidence === null ? null : (
            <circle key={i} class="trend-point" cx={x(times[i])} cy={y(p.confidence)} r={2.5}>
              <title>{`${when(p.at)}: ${label(p.event)}, ${percent(p.confidence)}`}</title>
            </circle>
          ),
        )}
      </svg>
      <details>
        <summary>Confidence over time ({history.length} points)</summary>
        <div class="table-wrap">
          <table class="trend-table">
            <thead>
              <tr>
                <th scope="col">when</th>
                <th scope="col">event</th>
                <th scope="col">stage</th>
                <th scope="col">confidence</th>
              </tr>
            </thead>
            <tbody>
              {history.map((p, i) => (
                <tr key={i}>
                  <td>{when(p.at)}</td>
                  <td>{label(p.event)}</td>
                  <td>{label(p.stage)}</td>
                  <td>{percent(p.confidence)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
