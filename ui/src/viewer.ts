import { createContext } from "preact";
import { useContext } from "preact/hooks";
import type { Viewer } from "./queries";

/** Who the dashboard runs as (the `viewer` query), known before any page renders. */
export const ViewerContext = createContext<Viewer>({ authRequired: false, principal: "", admin: true, userIds: null });

export function useViewer(): Viewer {
  return useContext(ViewerContext);
}

/** The one user a user key or token is bound to, else null (an admin, or no authentication). */
export function boundUser(viewer: Viewer): string | null {
  return viewer.userIds !== null && viewer.userIds.length === 1 ? viewer.userIds[0] : null;
}

/** May this viewer see `userId`'s pages? */
export function maySee(viewer: Viewer, userId: string): boolean {
  // a group's or an agent's space: the service decides (its members, its owner) and answers FORBIDDEN otherwise
  return viewer.userIds === null || viewer.userIds.includes(userId) || /^(group|agent):/.test(userId);
}
