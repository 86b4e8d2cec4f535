import { Link } from "wouter-preact";
import { useQuery } from "../hooks";
import { USER_STATS, type KeyCount } from "../queries";
import { Growth } from "../components/Growth";
import { Spaces } from "../components/Spaces";
import { Empty, ErrorBox, Loading } from "../components/common";
import { count, label, when } from "../format";
import type { ViewProps } from "../views";

function Breakdown({ items, empty }: { items: KeyCount[]; empty: string }) {
  if (items.length === 0) return <p class="muted">{empty}</p>;
  return (
    <dl class="breakdown">
      {items.map((c) => (
        <div key={c.key}>
          <dt>{label(c.key)}</dt>
          <dd>{count(c.count)}</dd>
        </div>
      ))}
    </dl>
  );
}

function Stat({ value, name, href }: { value: number; name: string; href?: string }) {
  const body = (
    <>
      <span class="stat-value">{count(value)}</span>
      <span class="stat-name">{name}</span>
    </>
  );
  return href ? (
    <Link href={href} class="stat">
      {body}
    </Link>
  ) : (
    <div class="stat">{body}</div>
  );
}

/** The user's graph in numbers (userStats), its growth per day, with links into each view. */
export function Overview({ userId }: ViewProps) {
  const { data, error, loading, reload } = useQuery(USER_STATS, { userId }, userId);
  if (loading && !data) return <Loading what="the overview" />;
  if (error) return <ErrorBox error={error} retry={reload} />;
  if (!data) return null;
  const stats = data.userStats;
  const c = stats.counts;
  const openCandidates = stats.candidatesByStatus.find((k) => k.key.toLowerCase() === "open")?.count ?? 0;
  if (c.events === 0 && stats.documents === 0) {
    return (
      <Empty title="Nothing stored for this user yet">
        <p>
          Send their conversation with <code>ingestMessages</code> (user id <code>{userId}</code>), then call{" "}
          <code>endConversation</code>: a background job extracts memories and entities, and reflection builds traits.
          Try it in <a href="/graphql">GraphiQL</a>.
        </p>
      </Empty>
    );
  }
  return (
    <div class="overview">
      <section aria-label="Totals" class="stats">
        <Stat value={c.events} name="messages" />
        <Stat value={c.sessions} name={`conversations (${c.openSessions} open)`} />
        <Stat value={c.memories} name="memories" href="/memories" />
        <Stat value={c.traits} name="traits" href="/traits" />
        <Stat value={c.entities} name="entities" href="/entities" />
        <Stat value={c.pendingObservations + openCandidates} name="waiting for review" href="/review" />
        <Stat value={stats.documents} name="documents" href="/documents" />
      </section>
      <Spaces userId={userId} />
      <section class="panel" aria-labelledby="ov-growth">
        <h2 id="ov-growth">Growth by when it happened, last {stats.growth.length} days</h2>
        <p class="muted growth-note">
          Each day counts what happened in the user's life then: messages and events by when they occurred, memories
          by when they were said (an import of old conversations lands on its own days); documents by when they were
          stored.
        </p>
        <Growth days={stats.growth} />
        <Link href="/timeline">Timeline →</Link>
      </section>
      <div class="grid-2">
        <section class="panel" aria-labelledby="ov-sources">
          <h2 id="ov-sources">Events by source</h2>
          <Breakdown items={stats.eventsBySource} empty="No event yet." />
        </section>
        <section class="panel" aria-labelledby="ov-candidates">
          <h2 id="ov-candidates">Candidates and documents</h2>
          <Breakdown items={stats.candidatesByStatus} empty="No candidate yet: they come from todos, notes, documents…" />
          <dl class="breakdown">
            <div><dt>documents</dt><dd>{count(stats.documents)}</dd></div>
            <div><dt>passages</dt><dd>{count(stats.passages)}</dd></div>
            <div><dt>tags</dt><dd>{count(stats.tags)}</dd></div>
            <div><dt>learning runs</dt><dd>{count(stats.learningRuns)}</dd></div>
          </dl>
        </section>
        <section class="panel" aria-labelledby="ov-memories">
          <h2 id="ov-memories">Memories by type</h2>
          <Breakdown items={c.memoriesByType} empty="No memory yet: end a conversation to extract some." />
        </section>
        <section class="panel" aria-labelledby="ov-traits">
          <h2 id="ov-traits">Traits by stage</h2>
          <Breakdown items={c.traitsByStage} empty="No trait yet: reflection needs memories from two conversations." />
        </section>
        <section class="panel" aria-labelledby="ov-entities">
          <h2 id="ov-entities">Entity graph</h2>
          <dl class="breakdown">
            <div><dt>entities</dt><dd>{count(c.entities)}</dd></div>
            <div><dt>aliases</dt><dd>{count(c.aliases)}</dd></div>
            <div><dt>impressions</dt><dd>{count(c.impressions)}</dd></div>
            <div><dt>features</dt><dd>{count(c.features)}</dd></div>
            <div><dt>relations</dt><dd>{count(c.relations)}</dd></div>
          </dl>
        </section>
        <section class="panel" aria-labelledby="ov-jobs">
          <h2 id="ov-jobs">Background work</h2>
          <Breakdown items={c.jobsByStatus} empty="No job yet." />
          <dl class="breakdown">
            <div><dt>LLM calls</dt><dd>{count(c.llmCalls)}</dd></div>
            <div><dt>tokens in / out</dt><dd>{count(c.tokensIn)} / {count(c.tokensOut)}</dd></div>
            <div><dt>reflection cycles</dt><dd>{count(c.reflectionCycles)}</dd></div>
          </dl>
          <Link href="/jobs">All jobs →</Link>
        </section>
      </div>
      <p class="muted">
        First message {when(c.firstMessageAt)} · latest message {when(c.lastMessageAt)} · last reflection{" "}
        {when(c.lastReflectionAt)} · last daily learning {when(stats.lastLearningAt)}
      </p>
    </div>
  );
}
