import { Link, Redirect, Route, Router, Switch, useParams } from "wouter-preact";
import { UserPicker } from "./views/UserPicker";
import { UserPages } from "./UserPages";
import { Empty, ErrorBox, Loading } from "./components/common";
import { KeyPrompt } from "./components/KeyPrompt";
import { decodeParam, langOf, segment } from "./format";
import { signedOut, useAuth } from "./auth";
import { useQuery } from "./hooks";
import { VIEWER } from "./queries";
import { boundUser, maySee, useViewer, ViewerContext } from "./viewer";

function UserRoute() {
  const params = useParams<{ userId: string }>();
  const viewer = useViewer();
  const userId = decodeParam(params.userId);
  if (!maySee(viewer, userId)) {
    const own = boundUser(viewer);
    return (
      <main id="main" class="page">
        <Empty title="This key may not see that user">
          <p>
            You are signed in for {own ? <Link href={`/users/${segment(own)}`}>{own}</Link> : "other users"} only.{" "}
            Sign out and sign in with an admin key to see <span lang={langOf(userId)}>{userId}</span>.
          </p>
        </Empty>
      </main>
    );
  }
  return <UserPages userId={userId} />;
}

function Home() {
  const own = boundUser(useViewer());
  return own ? <Redirect to={`/users/${segment(own)}`} replace /> : <UserPicker />;
}

/** Who is signed in, and the way out (only with authentication on). */
function Session() {
  const viewer = useViewer();
  if (!viewer.authRequired) return null;
  const own = boundUser(viewer);
  return (
    <div class="session">
      <span class="muted" title={viewer.principal}>
        {viewer.admin ? "Admin" : own ? <>User <span lang={langOf(own)}>{own}</span></> : "No user"}
      </span>
      <button type="button" class="link-button" onClick={() => signedOut("You signed out. Enter a key to sign in again.")}>
        Sign out
      </button>
    </div>
  );
}

function TopBar({ signedIn }: { signedIn: boolean }) {
  const own = boundUser(useViewer()); // a user key has one user: no list to pick from
  return (
    <header class="topbar">
      <Link href="/" class="brand">
        graphsvc
      </Link>
      <nav aria-label="Tools" class="tools">
        {signedIn && !own && <Link href="/">Users</Link>}
        <a href="/graphql">GraphiQL</a>
        <a href="/">Home</a>
      </nav>
      {signedIn && <Session />}
    </header>
  );
}

function Pages() {
  return (
    <Switch>
      <Route path="/">
        <Home />
      </Route>
      <Route path="/users/:userId" nest>
        <UserRoute />
      </Route>
      <Route>
        <main id="main" class="page">
          <Empty title="No such page">
            <p>
              Dashboard pages start at <Link href="/">the user list</Link> or <code>/ui/users/&lt;userId&gt;</code>.
            </p>
          </Empty>
        </main>
      </Route>
    </Switch>
  );
}

export function App() {
  const auth = useAuth();
  const who = useQuery(VIEWER, {}, `viewer|${auth.epoch}`, auth.prompt);
  const viewer = who.data?.viewer ?? null;
  const ready = !auth.prompt && viewer !== null && !who.loading;
  return (
    <Router base="/ui">
      <a class="skip" href="#main">
        Skip to content
      </a>
      <ViewerContext.Provider value={viewer ?? { authRequired: true, principal: "", admin: false, userIds: [] }}>
        <TopBar signedIn={ready} />
        {auth.prompt && <KeyPrompt reason={auth.reason} />}
        {!auth.prompt && who.loading && (
          <main id="main" class="page">
            <Loading what="the dashboard" />
          </main>
        )}
        {!auth.prompt && !who.loading && who.error && (
          <main id="main" class="page">
            <ErrorBox error={who.error} retry={who.reload} />
          </main>
        )}
        {ready && <Pages />}
      </ViewerContext.Provider>
    </Router>
  );
}
