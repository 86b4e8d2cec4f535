import { useEffect, useRef, useState } from "preact/hooks";
import { asError, gql, type GraphsvcError } from "../api";
import { useQuery } from "../hooks";
import {
  ARCHIVE_MEMORY,
  CORRECT_MEMORY,
  FORGET_MEMORY,
  MEMORY_HISTORY,
  RESTORE_MEMORY,
  type Memory,
} from "../queries";
import { label, when } from "../format";
import { Empty, ErrorBox, Loading, Text } from "./common";

type Mode = "idle" | "correct" | "forget";

/** Correct, archive or restore, forget (after a confirmation) and the history of one memory. `done` gets a
 * sentence saying what changed; the list reloads. */
export function MemoryActions({
  userId,
  memory,
  done,
  openHistory,
}: {
  userId: string;
  memory: Memory;
  done: (what: string) => void;
  openHistory: (m: Memory) => void;
}) {
  const [mode, setMode] = useState<Mode>("idle");
  const [text, setText] = useState(memory.content);
  const [reason, setReason] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<GraphsvcError | null>(null);
  const field = useRef<HTMLTextAreaElement | HTMLInputElement>(null);
  useEffect(() => field.current?.focus(), [mode]);

  const target = { userId, memoryId: memory.id };

  async function act(change: () => Promise<unknown>, what: string) {
    setBusy(true);
    setError(null);
    try {
      await change();
      setMode("idle");
      done(what);
    } catch (exc) {
      setError(asError(exc));
    } finally {
      setBusy(false);
    }
  }

  const live = memory.status === "ACTIVE";
  return (
    <div class="memory-actions">
      {mode === "idle" && (
        <div class="actions">
          <button type="button" onClick={() => openHistory(memory)}>
            History
          </button>
          {live && (
            <button type="button" onClick={() => setMode("correct")}>
              Correct…
            </button>
          )}
          {live && (
            <button type="button" disabled={busy} onClick={() => act(() => gql(ARCHIVE_MEMORY, target), "Archived: out of recall until restored.")}>
              Archive
            </button>
          )}
          {memory.status === "ARCHIVED" && (
            <button type="button" disabled={busy} onClick={() => act(() => gql(RESTORE_MEMORY, target), "Restored: active again.")}>
              Restore
            </button>
          )}
          {memory.status !== "FORGOTTEN" && (
            <button type="button" class="danger" onClick={() => setMode("forget")}>
              Forget…
            </button>
          )}
        </div>
      )}
      {mode === "correct" && (
        <form
          class="memory-form"
          onSubmit={(e) => {
            e.preventDefault();
            if (text.trim() && text.trim() !== memory.content)
              void act(
                () => gql(CORRECT_MEMORY, { ...target, content: text.trim() }),
                "Corrected: the old version is kept as superseded.",
              );
          }}
        >
          <label for={`correct-${memory.id}`}>Corrected memory</label>
          <textarea
            id={`correct-${memory.id}`}
            ref={field as { current: HTMLTextAreaElement | null }}
            rows={3}
            value={text}
            onInput={(e) => setText(e.currentTarget.value)}
            onKeyDown={(e) => e.key === "Escape" && setMode("idle")}
          />
          <div class="actions">
            <button type="submit" disabled={busy || !text.trim() || text.trim() === memory.content}>
              Save correction
            </button>
            <button type="button" class="secondary" onClick={() => setMode("idle")}>
              Cancel
            </button>
          </div>
        </form>
      )}
      {mode === "forget" && (
        <form
          class="memory-form"
          onSubmit={(e) => {
            e.preventDefault();
            void act(
              () => gql(FORGET_MEMORY, { ...target, reason: reason.trim() || null }),
              "Forgotten: its text is gone and the traits that cited it were re-scored.",
            );
          }}
        >
          <p role="alert">
            Forget this memory? Its text is removed for good (a tombstone stays in its history), the evidence citing it
            goes and its traits are re-scored. Its source messages stay.
          </p>
          <label for={`reason-${memory.id}`}>Reason (optional)</label>
          <input
            id={`reason-${memory.id}`}
            ref={field as { current: HTMLInputElement | null }}
            value={reason}
            onInput={(e) => setReason(e.currentTarget.value)}
            onKeyDown={(e) => e.key === "Escape" && setMode("idle")}
          />
          <div class="actions">
            <button type="submit" class="danger" disabled={busy}>
              Forget it
            </button>
            <button type="button" class="secondary" onClick={() => setMode("idle")}>
              Keep it
            </button>
          </div>
        </form>
      )}
      {error && <ErrorBox error={error} />}
    </div>
  );
}

/** A modal with a memory's history, oldest first (Escape or the button closes it; focus returns). */
export function HistoryDialog({ userId, memory, onClose }: { userId: string; memory: Memory; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const { data, error, loading, reload } = useQuery(
    MEMORY_HISTORY,
    { userId, memoryId: memory.id },
    `${userId}|${memory.id}`,
  );
  useEffect(() => {
    const node = dialog.current;
    if (node && !node.open) node.showModal();
    return () => node?.close();
  }, []);
  return (
    <dialog ref={dialog} class="messages-dialog" aria-labelledby="history-title" onClose={onClose}>
      <header>
        <h2 id="history-title">History of this memory</h2>
        <button type="button" class="close" onClick={() => dialog.current?.close()} aria-label="Close">
          ✕
        </button>
      </header>
      {loading && <Loading what="history" />}
      {error && <ErrorBox error={error} retry={reload} />}
      {data && data.memoryHistory.length === 0 && <Empty title="No history">Nothing was recorded for this memory.</Empty>}
      {data && data.memoryHistory.length > 0 && (
        <ol class="history">
          {data.memoryHistory.map((h) => (
            <li key={h.id} class={`history-entry history-${h.event}`}>
              <div class="message-meta">
                <strong>{label(h.event)}</strong> · {when(h.createdAt)} · by {h.actor}
                {h.reason ? <> · “<Text>{h.reason}</Text>”</> : null}
              </div>
              {h.scrubbed && <p class="muted">Its values quoted deleted content and were blanked.</p>}
              {h.oldValue && (
                <p>
                  <span class="muted">was </span>
                  <Text>{h.oldValue}</Text>
                </p>
              )}
              {h.newValue && (
                <p>
                  <span class="muted">now </span>
                  <Text>{h.newValue}</Text>
                </p>
              )}
            </li>
          ))}
        </ol>
      )}
    </dialog>
  );
}
