import { Link } from "wouter-preact";
import { useQuery } from "../hooks";
import { GROUP_MEMBERS, MEMBER_OF } from "../queries";
import { segment } from "../format";

function SpaceLink({ id }: { id: string }) {
  // "~" leaves every nested router, the dashboard's base included
  return <Link href={`~/ui/users/${segment(id)}`}>{id}</Link>;
}

/** A group's members, each a link to their own pages (the group's messages name who said what). */
function Members({ groupId }: { groupId: string }) {
  const { data, error } = useQuery(GROUP_MEMBERS, { groupId }, groupId);
  if (error) return <p class="muted">Members unavailable: {error.message}</p>;
  if (!data) return null;
  const group = data.group;
  return (
    <section class="panel" aria-labelledby="ov-members">
      <h2 id="ov-members">Group {group.name}: {group.members.length} members</h2>
      <p class="muted">
        A shared memory space: its members read and write it, and what each member says in its conversations is also
        kept in their own space. The timeline shows who said what.
      </p>
      <ul class="space-list">
        {group.members.map((m) => (
          <li key={m}>
            <SpaceLink id={m} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The groups a person belongs to, each a link to the group's pages. */
function MemberOf({ userId }: { userId: string }) {
  const { data } = useQuery(MEMBER_OF, { userId }, userId);
  if (!data || data.groups.length === 0) return null;
  return (
    <section class="panel" aria-labelledby="ov-groups">
      <h2 id="ov-groups">Groups</h2>
      <ul class="space-list">
        {data.groups.map((g) => (
          <li key={g.id}>
            <SpaceLink id={g.id} /> ({g.name}, {g.members.length} members)
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The memory spaces around this one: a group's members, or the groups a person belongs to. */
export function Spaces({ userId }: { userId: string }) {
  if (userId.startsWith("agent:")) return null;
  return userId.startsWith("group:") ? <Members groupId={userId} /> : <MemberOf userId={userId} />;
}
