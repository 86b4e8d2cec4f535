import type { ComponentChildren } from "preact";
import type { GraphsvcError } from "../api";
import { label, langOf } from "../format";

/** Text from the graph, with `lang` set for CJK so the browser picks Chinese glyphs. */
export function Text({ children, as = "span" }: { children: string; as?: "span" | "p" | "div" }) {
  const Tag = as;
  return <Tag lang={langOf(children)}>{children}</Tag>;
}

export function Badge({ value, tone }: { value: string; tone?: string }) {
  return <span class={`badge badge-${tone ?? value.toLowerCase()}`}>{label(value)}</span>;
}

/** A 0–1 value as a bar and a number (confidence, importance, strength). */
export function Meter({ value, name }: { value: number | null; name: string }) {
  if (value === null) return <span class="muted">{name}: –</span>;
  const pct = Math.round(value * 100);
  return (
    <span class="meter" title={`${name} ${value.toFixed(3)}`}>
      <span class="meter-label">{name}</span>
      <span class="meter-bar" role="meter" aria-label={name} aria-valuemin={0} aria-valuemax={100} aria-valuenow={pct}>
        <span style={{ width: `${pct}%` }} />
      </span>
      <span class="meter-value">{pct} %</span>
    </span>
  );
}

export function Loading({ what }: { what: string }) {
  return (
    <p class="loading" role="status">
      Loading {what}…
    </p>
  );
}

export function ErrorBox({ error, retry }: { error: GraphsvcError; retry?: () => void }) {
  return (
    <div class="error" role="alert">
      <strong>{error.code}</strong>: {error.message}
      {error.suggestion && <p>{error.suggestion}</p>}
      {retry && (
        <button type="button" onClick={retry}>
          Try again
        </button>
      )}
    </div>
  );
}

/** What is missing and what to do next. */
export function Empty({ title, children }: { title: string; children: ComponentChildren }) {
  return (
    <div class="empty" role="note">
      <h3>{title}</h3>
      <div>{children}</div>
    </div>
  );
}

export function Pager({ index, pages, go, noun }: { index: number; pages: number; go: (i: number) => void; noun: string }) {
  if (pages <= 1) return null;
  return (
    <nav class="pager" aria-label={`${noun} pages`}>
      <button type="button" disabled={index === 0} onClick={() => go(index - 1)}>
        ← Previous
      </button>
      <span>
        Page {index + 1} of {pages}
      </span>
      <button type="button" disabled={index >= pages - 1} onClick={() => go(index + 1)}>
        Next →
      </button>
    </nav>
  );
}

/** Pages of a cursor-paged query: keeps the cursors seen so Previous works. */
export function CursorPager({
  cursors,
  next,
  setCursors,
  noun,
}: {
  cursors: (string | null)[];
  next: string | null;
  setCursors: (c: (string | null)[]) => void;
  noun: string;
}) {
  if (cursors.length <= 1 && !next) return null;
  return (
    <nav class="pager" aria-label={`${noun} pages`}>
      <button type="button" disabled={cursors.length <= 1} onClick={() => setCursors(cursors.slice(0, -1))}>
        ← Previous
      </button>
      <span>Page {cursors.length}</span>
      <button type="button" disabled={!next} onClick={() => next && setCursors([...cursors, next])}>
        Next →
      </button>
    </nav>
  );
}
