import { Link } from "wouter-preact";
import { useQuery, usePages } from "../hooks";
import { DOCUMENT, DOCUMENTS, type DocumentChunk, type DocumentEntity } from "../queries";
import { Badge, Empty, ErrorBox, Loading, Pager, Text } from "../components/common";
import { count, segment, when } from "../format";
import type { ViewProps } from "../views";

/** The user's documents, most recently changed first (the 200 newest), 20 a page. */
export function Documents({ userId }: ViewProps) {
  const { data, error, loading, reload } = useQuery(DOCUMENTS, { userId }, userId);
  const docs = data?.documents ?? [];
  const { page, index, pages, go } = usePages(docs, 20, userId);
  return (
    <section aria-labelledby="documents-title">
      <div class="section-head">
        <h2 id="documents-title">Documents</h2>
      </div>
      {loading && !data && <Loading what="documents" />}
      {error && <ErrorBox error={error} retry={reload} />}
      {data && docs.length === 0 && (
        <Empty title="No document yet">
          <p>
            Store one with <code>ingestDocument</code> (PDF, DOCX, XLSX, CSV, Markdown, text, HTML) or{" "}
            <code>graphsvc ingest-doc --user {userId} FILE</code>: it is normalised to markdown, chunked by its headings and
            embedded, and its entities, candidates and tags are found by a background job.
          </p>
        </Empty>
      )}
      {docs.length > 0 && (
        <ul class="cards">
          {page.map((d) => (
            <li key={d.id} class="card document">
              <div class="card-head">
                {d.format && <Badge value={d.format} tone="source" />}
                <span class="muted">version {d.version}{d.history > 0 ? ` (${d.history} earlier kept)` : ""}</span>
              </div>
              <Link href={`/documents/${encodeURIComponent(d.id)}`} class="card-title">
                <Text>{d.title || d.filename}</Text>
              </Link>
              <div class="muted">
                <code>{d.filename}</code> · {count(d.pages)} page{d.pages === 1 ? "" : "s"} · {count(d.chunkCount)} chunks ·{" "}
                {count(d.byteSize)} bytes · updated {when(d.updatedAt)} · {d.indexedAt ? `indexed ${when(d.indexedAt)}` : "not indexed yet"}
              </div>
              {d.tags.length > 0 && (
                <ul class="chips" aria-label="Tags">
                  {d.tags.map((t) => (
                    <li key={t}><Text>{t}</Text></li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      )}
      <Pager index={index} pages={pages} go={go} noun="Documents" />
    </section>
  );
}

function ChunkTree({ chunks, parent }: { chunks: DocumentChunk[]; parent: string | null }) {
  const children = chunks.filter((c) => c.parentId === parent).sort((a, b) => a.position - b.position);
  if (children.length === 0) return null;
  return (
    <ul class={parent === null ? "chunk-tree" : "chunk-children"}>
      {children.map((c) => (
        <li key={c.id} class={`chunk chunk-${c.kind}`}>
          {c.kind === "section" ? (
            <details open={c.level <= 1}>
              <summary>
                <Text>{c.headingPath[c.headingPath.length - 1] ?? "(untitled)"}</Text>{" "}
                <span class="muted">section · {c.tokens} tokens</span>
              </summary>
              <ChunkTree chunks={chunks} parent={c.id} />
            </details>
          ) : (
            <div>
              <span class="muted">passage {c.position} · {c.tokens} tokens</span>
              <Text as="p">{c.content}</Text>
              <ChunkTree chunks={chunks} parent={c.id} />
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}

/** Who and what the document names (in its own scope), most mentioned first; a name the user's own words gave
 * too links to the user's entity. */
function DocumentEntities({ entities }: { entities: DocumentEntity[] }) {
  if (entities.length === 0) {
    return <p class="muted">It names no one and nothing the entity rules recognise (or its index job has not run yet).</p>;
  }
  return (
    <ul class="document-entities">
      {entities.map((e) => (
        <li key={e.id}>
          <Badge value={e.kind} />{" "}
          {e.entityIds.length > 0 ? (
            <Link href={`/entities/${segment(e.name)}`} title="The user's own words name it too">
              <Text>{e.name}</Text>
            </Link>
          ) : (
            <Text>{e.name}</Text>
          )}{" "}
          <span class="muted">
            {e.mentions} passage{e.mentions === 1 ? "" : "s"}
            {e.entityIds.length > 0 ? " · also the user's entity" : ""}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** One document: its metadata, who and what it names, and its chunk tree (sections by heading, passages inside). */
export function DocumentPage({ userId, id }: { userId: string; id: string }) {
  const { data, error, loading, reload } = useQuery(
    DOCUMENT,
    { userId, id },
    `${userId}|${id}`,
  );
  if (loading && !data) return <Loading what="the document" />;
  if (error) return <ErrorBox error={error} retry={reload} />;
  if (!data) return null;
  const d = data.document;
  return (
    <article aria-labelledby="document-title">
      <p>
        <Link href="/documents">← Documents</Link>
      </p>
      <h2 id="document-title">
        <Text>{d.title || d.filename}</Text>
      </h2>
      <p class="muted">
        <code>{d.filename}</code> · version {d.version} · {count(d.chunkCount)} chunks · stored {when(d.createdAt)}
      </p>
      <section aria-labelledby="document-entities-title">
        <h3 id="document-entities-title">Names in this document ({d.entities.length})</h3>
        <p class="muted">
          Who and what its passages name. They belong to the document, not to the user's entities, unless the user's
          own words name them too.
        </p>
        <DocumentEntities entities={d.entities} />
      </section>
      <section aria-labelledby="chunks-title">
        <h3 id="chunks-title">Chunk tree</h3>
        {d.chunks.length === 0 ? <p class="muted">No chunk: the document was empty.</p> : <ChunkTree chunks={d.chunks} parent={null} />}
      </section>
    </article>
  );
}
