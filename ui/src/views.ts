// The user's views, in menu order: one entry and one component each. Still to come: how a trait's confidence
// moved over time (it needs an API; see the dashboard section of the README).
import type { FunctionComponent } from "preact";
import { Overview } from "./views/Overview";
import { Memories } from "./views/Memories";
import { Traits } from "./views/Traits";
import { Entities } from "./views/Entities";
import { EntityGraph } from "./views/EntityGraph";
import { Review } from "./views/Review";
import { Jobs } from "./views/Jobs";
import { Recall } from "./views/Recall";
import { Timeline } from "./views/Timeline";
import { Changes } from "./views/Changes";
import { Documents } from "./views/Documents";

export interface ViewProps {
  userId: string;
}

export interface ViewDef {
  /** The path under /ui/users/<userId>/ ("" is the overview). */
  path: string;
  title: string;
  component: FunctionComponent<ViewProps>;
}

export const VIEWS: ViewDef[] = [
  { path: "", title: "Overview", component: Overview },
  { path: "timeline", title: "Timeline", component: Timeline },
  { path: "changes", title: "What changed", component: Changes },
  { path: "memories", title: "Memories", component: Memories },
  { path: "traits", title: "Traits", component: Traits },
  { path: "entities", title: "Entities", component: Entities },
  { path: "graph", title: "Graph", component: EntityGraph },
  { path: "review", title: "Review", component: Review },
  { path: "documents", title: "Documents", component: Documents },
  { path: "jobs", title: "Jobs", component: Jobs },
  { path: "recall", title: "Recall", component: Recall },
];
