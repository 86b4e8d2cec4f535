import { useEffect, useRef } from "preact/hooks";
import { useQuery } from "../hooks";
import { MESSAGES } from "../queries";
import { when } from "../format";
import { Empty, ErrorBox, Loading, Text } from "./common";

export interface MessageRequest {
  title: string;
  messageIds?: string[];
  eventIds?: string[];
}

/** A modal with the source messages behind something (Escape or the button closes it; focus returns). */
export function MessagesDialog({ userId, request, onClose }: { userId: string; request: MessageRequest; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const key = JSON.stringify(request);
  const { data, error, loading, reload } = useQuery(
    MESSAGES,
    { userId, messageIds: request.messageIds ?? [], eventIds: request.eventIds ?? [] },
    `${userId}|${key}`,
  );
  useEffect(() => {
    const node = dialog.current;
    if (node && !node.open) node.showModal();
    return () => node?.close();
  }, []);
  return (
    <dialog ref={dialog} class="messages-dialog" aria-labelledby="messages-title" onClose={onClose}>
      <header>
        <h2 id="messages-title">{request.title}</h2>
        <button type="button" class="close" onClick={() => dialog.current?.close()} aria-label="Close">
          ✕
        </button>
      </header>
      {loading && <Loading what="messages" />}
      {error && <ErrorBox error={error} retry={reload} />}
      {data && data.messages.length === 0 && (
        <Empty title="No stored message">The messages this came from are no longer stored (or were never given ids).</Empty>
      )}
      {data && data.messages.length > 0 && (
        <ol class="messages">
          {data.messages.map((m) => (
            <li key={m.id} class={`message message-${m.role ?? m.sourceType}`}>
              <div class="message-meta">
                <strong>{m.speaker ?? m.title ?? m.role ?? m.sourceType}</strong> · {when(m.occurredAt)} ·{" "}
                {m.sessionId !== null ? (
                  <>
                    session <code>{m.sessionId}</code>
                  </>
                ) : (
                  m.sourceType
                )}{" "}
                · id <code>{m.messageId}</code>
              </div>
              <Text as="p">{m.content}</Text>
            </li>
          ))}
        </ol>
      )}
    </dialog>
  );
}
