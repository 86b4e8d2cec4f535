import { useState } from "preact/hooks";
import { useQuery, usePages } from "../hooks";
import { CYCLES, JOBS, JOB_STATUSES, type Job, type JobStatus, type ReflectionCycle } from "../queries";
import { Badge, Empty, ErrorBox, Loading, Pager, Text } from "../components/common";
import { count, label, when } from "../format";
import type { ViewProps } from "../views";

function JobsTable({ jobs }: { jobs: Job[] }) {
  return (
    <div class="table-wrap">
      <table>
        <caption class="sr-only">Background jobs, newest first</caption>
        <thead>
          <tr>
            <th scope="col">kind</th>
            <th scope="col">status</th>
            <th scope="col">conversation</th>
            <th scope="col">attempts</th>
            <th scope="col">LLM calls</th>
            <th scope="col">tokens in / out</th>
            <th scope="col">memories new / reinforced</th>
            <th scope="col">created</th>
            <th scope="col">error</th>
          </tr>
        </thead>
        <tbody>
          {jobs.map((j) => (
            <tr key={j.id}>
              <td class="nowrap">{label(j.kind)}</td>
              <td><Badge value={j.status} /></td>
              <td><code>{j.sessionId ?? "–"}</code></td>
              <td class="num">{j.attempts}</td>
              <td class="num">{count(j.llmCalls)}</td>
              <td class="num">{count(j.tokensIn)} / {count(j.tokensOut)}</td>
              <td class="num">{j.memoriesCreated} / {j.memoriesReinforced}</td>
              <td class="nowrap">{when(j.createdAt)}</td>
              <td class="error-cell">{j.error ? <Text>{j.error}</Text> : <span class="muted">–</span>}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function CyclesTable({ cycles }: { cycles: ReflectionCycle[] }) {
  return (
    <div class="table-wrap">
      <table>
        <caption class="sr-only">Reflection cycles, newest first</caption>
        <thead>
          <tr>
            <th scope="col">started</th>
            <th scope="col">status</th>
            <th scope="col">trigger</th>
            <th scope="col">mode</th>
            <th scope="col">memories read</th>
            <th scope="col">traits new / reinforced / dissolved</th>
            <th scope="col">LLM calls</th>
            <th scope="col">tokens in / out</th>
            <th scope="col">took</th>
            <th scope="col">error or notes</th>
          </tr>
        </thead>
        <tbody>
          {cycles.map((c, i) => (
            <tr key={c.id ?? i}>
              <td class="nowrap">{when(c.startedAt)}</td>
              <td><Badge value={c.status} /></td>
              <td>{c.trigger ? label(c.trigger) : "–"}</td>
              <td>{c.mode}</td>
              <td class="num">{c.memoriesScanned}</td>
              <td class="num">{c.traitsCreated} / {c.traitsReinforced} / {c.traitsDissolved}</td>
              <td class="num">{c.llmCalls}</td>
              <td class="num">{count(c.tokensIn)} / {count(c.tokensOut)}</td>
              <td class="num">{Math.round(c.durationMs)} ms</td>
              <td class="error-cell"><Text>{c.error ?? c.notes.join("; ")}</Text></td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Background jobs (extraction, reflection) with status, errors, LLM calls and tokens; reflection cycles. */
export function Jobs({ userId }: ViewProps) {
  const [status, setStatus] = useState<JobStatus | "">("");
  const jobs = useQuery(JOBS, { userId, status: status || null }, `${userId}|${status}`);
  const cycles = useQuery(CYCLES, { userId }, userId);
  const jobPages = usePages(jobs.data?.jobs ?? [], 20, `${userId}|${status}`);
  const cyclePages = usePages(cycles.data?.reflectionCycles ?? [], 10, userId);
  return (
    <>
      <section aria-labelledby="jobs-title">
        <div class="section-head">
          <h2 id="jobs-title">Jobs</h2>
          <label class="inline">
            <span>Status</span>
            <select value={status} onChange={(e) => setStatus(e.currentTarget.value as JobStatus | "")}>
              <option value="">any status</option>
              {JOB_STATUSES.map((s) => (
                <option key={s} value={s}>{label(s)}</option>
              ))}
            </select>
          </label>
          <button type="button" onClick={jobs.reload}>Refresh</button>
        </div>
        {jobs.loading && !jobs.data && <Loading what="jobs" />}
        {jobs.error && <ErrorBox error={jobs.error} retry={jobs.reload} />}
        {jobs.data && jobs.data.jobs.length === 0 && (
          <Empty title={status ? `No ${label(status)} job` : "No job yet"}>
            <p>
              A job is queued when a conversation ends (<code>endConversation</code>, or 30 idle minutes by default);
              each extraction queues a reflection.
            </p>
          </Empty>
        )}
        {jobPages.page.length > 0 && <JobsTable jobs={jobPages.page} />}
        <Pager index={jobPages.index} pages={jobPages.pages} go={jobPages.go} noun="Jobs" />
      </section>
      <section aria-labelledby="cycles-title">
        <h2 id="cycles-title">Reflection cycles</h2>
        {cycles.loading && !cycles.data && <Loading what="reflection cycles" />}
        {cycles.error && <ErrorBox error={cycles.error} retry={cycles.reload} />}
        {cycles.data && cycles.data.reflectionCycles.length === 0 && (
          <Empty title="No reflection cycle yet">
            <p>A cycle runs after an extraction when one of seed 002's triggers holds.</p>
          </Empty>
        )}
        {cyclePages.page.length > 0 && <CyclesTable cycles={cyclePages.page} />}
        <Pager index={cyclePages.index} pages={cyclePages.pages} go={cyclePages.go} noun="Reflection cycles" />
      </section>
    </>
  );
}
