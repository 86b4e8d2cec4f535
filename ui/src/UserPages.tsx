import { useEffect } from "preact/hooks";
import { Link, Route, Switch, useLocation } from "wouter-preact";
import { VIEWS } from "./views";
import { EntityPage } from "./views/EntityPage";
import { DocumentPage } from "./views/Documents";
import { TraitPage } from "./views/Traits";
import { Empty } from "./components/common";
import { decodeParam, langOf } from "./format";

function currentView(location: string): string {
  const first = location.replace(/^\//, "").split("/")[0] ?? "";
  return VIEWS.some((v) => v.path === first) ? first : "";
}

/** One user's pages: the view menu and the view the path names. */
export function UserPages({ userId }: { userId: string }) {
  const [location] = useLocation();
  const active = currentView(location);
  const title = VIEWS.find((v) => v.path === active)?.title ?? "Overview";
  useEffect(() => {
    document.title = `${title} · ${userId} · graphsvc`;
  }, [title, userId]);
  return (
    <div class="user-layout">
      <div class="user-head">
        <h1>
          <span class="muted">User</span> <span lang={langOf(userId)}>{userId}</span>
        </h1>
        <nav aria-label="Views" class="views-nav">
          {VIEWS.map((v) => (
            <Link key={v.path} href={`/${v.path}`} aria-current={v.path === active ? "page" : undefined}>
              {v.title}
            </Link>
          ))}
        </nav>
      </div>
      <main id="main" class="page" tabIndex={-1}>
        <Switch>
          <Route path="/documents/:id">{(params) => <DocumentPage userId={userId} id={decodeParam(params.id)} />}</Route>
          <Route path="/traits/:id">{(params) => <TraitPage userId={userId} id={decodeParam(params.id)} />}</Route>
          <Route path="/entities/:name">{(params) => <EntityPage userId={userId} name={decodeParam(params.name)} />}</Route>
          {VIEWS.map((v) => (
            <Route key={v.path} path={`/${v.path}`}>
              <v.component userId={userId} />
            </Route>
          ))}
          <Route>
            <Empty title="No such view">
              <p>
                Pick a view above, or go back to the <Link href="/">overview</Link>.
              </p>
            </Empty>
          </Route>
        </Switch>
      </main>
    </div>
  );
}
