import { Link, Route, Router, Switch, useParams } from "wouter-preact";
import { UserPicker } from "./views/UserPicker";
import { UserPages } from "./UserPages";
import { Empty } from "./components/common";
import { decodeParam } from "./format";

function UserRoute() {
  const params = useParams<{ userId: string }>();
  return <UserPages userId={decodeParam(params.userId)} />;
}

export function App() {
  return (
    <Router base="/ui">
      <a class="skip" href="#main">
        Skip to content
      </a>
      <header class="topbar">
        <Link href="/" class="brand">
          graphsvc
        </Link>
        <nav aria-label="Tools" class="tools">
          <Link href="/">Users</Link>
          <a href="/graphql">GraphiQL</a>
          <a href="/">Home</a>
        </nav>
      </header>
      <Switch>
        <Route path="/">
          <UserPicker />
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
    </Router>
  );
}
