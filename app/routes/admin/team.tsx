import { getInputProps, getSelectProps } from "@conform-to/react";
import { UserMinus, UserPlus } from "lucide-react";
import { useFetcher } from "react-router";
import type { Route } from "./+types/team";
import { adminClientAction, useAdminForm } from "~/components/admin/admin-form";
import { FormField } from "~/components/form-field";
import { LocalTime } from "~/components/local-time";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { adminAction } from "~/lib/admin/admin-action.server";
import type { AdminActionResult, FailureToast } from "~/lib/admin/action-result";
import { requireStaff } from "~/lib/auth/guards.server";
import { assignableRoles, canAccess, ROLE_LABEL, ROLE_SUMMARY, STAFF_ROLES, type StaffRole } from "~/lib/auth/roles";
import { getSiteSetting, saveSiteSettings } from "~/lib/settings/settings.server";
import { TeamExportSchema, TeamActionSchema, TeamInviteSchema } from "~/lib/team/team.schema";
import { changeTeamRole, inviteTeamMember, listTeam, removeTeamMember } from "~/lib/team/team.server";

export { adminShouldRevalidate as shouldRevalidate } from "~/lib/admin/revalidation";

export const meta: Route.MetaFunction = () => [{ title: "Team | Admin" }];

function failure(form: FormData): FailureToast {
  switch (form.get("intent")) {
    case "invite":
      return { title: "Invitation Failed", lead: "Could not add them to the team. " };
    case "remove":
      return { title: "Removal Failed", lead: "Could not take them off the team. " };
    default:
      return { title: "Update Failed" };
  }
}

export async function loader({ request }: Route.LoaderArgs) {
  const me = await requireStaff(request, "team");
  const [team, viewersMayExport] = await Promise.all([listTeam(), getSiteSetting("viewersMayExport")]);
  return {
    me: { id: me.id, role: me.role as StaffRole, canEdit: canAccess(me.role, "team", "edit") },
    viewersMayExport,
    team: team.map((person) => ({ ...person, addedAt: person.addedAt.toISOString(), lastSignInAt: person.lastSignInAt?.toISOString() ?? null })),
  };
}

export async function action(args: Route.ActionArgs) {
  return adminAction(args, {
    section: "team",
    schema: TeamActionSchema,
    failure,
    run: async (input, admin) => {
      switch (input.intent) {
        case "invite": {
          const added = await inviteTeamMember({ email: input.email, role: input.role }, admin);
          return { title: "Invitation Sent!", description: `${added.email} can sign in as ${ROLE_LABEL[added.role]}.`, resetForm: true };
        }
        case "role":
          await changeTeamRole(input.userId, input.role, admin);
          return { title: "Role Changed", description: `Now ${ROLE_LABEL[input.role]}.` };
        case "remove":
          await removeTeamMember(input.userId, admin);
          return { title: "Removed from the Team", description: "They keep their crew account." };
        case "viewer-export":
          await saveSiteSettings({ viewersMayExport: input.viewersMayExport === "on" }, admin.id);
          return { title: "Settings Updated!" };
      }
    },
  });
}

export const clientAction = adminClientAction(failure);

function InviteForm({ roles }: { roles: StaffRole[] }) {
  const { form, fields, fetcher, formProps, isSaving } = useAdminForm({ id: "team-invite", schema: TeamInviteSchema, failure, defaultValue: { intent: "invite", role: "editor" } });
  return (
    <fetcher.Form key={form.id} {...formProps} className="flex flex-wrap items-end gap-3">
      <input type="hidden" name="intent" value="invite" />
      <FormField field={fields.email} label="E-mail address" className="min-w-64 flex-1">
        <Input {...getInputProps(fields.email, { type: "email" })} autoComplete="off" />
      </FormField>
      <FormField field={fields.role} label="Role">
        <select {...getSelectProps(fields.role)} className="h-10 rounded-md border bg-background px-3">
          {roles.map((role) => (
            <option key={role} value={role}>{ROLE_LABEL[role]}</option>
          ))}
        </select>
      </FormField>
      <Button type="submit" disabled={isSaving}>
        <UserPlus aria-hidden="true" /> {isSaving ? "Sending..." : "Send invitation"}
      </Button>
    </fetcher.Form>
  );
}

function RoleForm({ person, roles }: { person: { id: string; email: string; role: StaffRole }; roles: StaffRole[] }) {
  const fetcher = useFetcher<AdminActionResult>();
  return (
    <fetcher.Form method="post" className="flex items-center gap-2">
      <input type="hidden" name="intent" value="role" />
      <input type="hidden" name="userId" value={person.id} />
      <select name="role" defaultValue={person.role} aria-label={`Role of ${person.email}`} className="h-9 rounded-md border bg-background px-2">
        {roles.map((role) => (
          <option key={role} value={role}>{ROLE_LABEL[role]}</option>
        ))}
      </select>
      <Button type="submit" size="sm" variant="outline" disabled={fetcher.state !== "idle"} aria-label={`Change the role of ${person.email}`}>
        Change
      </Button>
    </fetcher.Form>
  );
}

function RemoveForm({ person }: { person: { id: string; email: string } }) {
  const fetcher = useFetcher<AdminActionResult>();
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="remove" />
      <input type="hidden" name="userId" value={person.id} />
      <Button type="submit" size="sm" variant="outline" disabled={fetcher.state !== "idle"} aria-label={`Remove ${person.email} from the team`}>
        <UserMinus aria-hidden="true" /> Remove
      </Button>
    </fetcher.Form>
  );
}

function ExportForm({ viewersMayExport, canEdit }: { viewersMayExport: boolean; canEdit: boolean }) {
  const { fields, fetcher, formProps, isSaving } = useAdminForm({ id: `viewer-export-${viewersMayExport}`, schema: TeamExportSchema, failure });
  return (
    <fetcher.Form {...formProps} className="flex flex-wrap items-center gap-3">
      <input type="hidden" name="intent" value="viewer-export" />
      <input type="checkbox" id={fields.viewersMayExport.id} name={fields.viewersMayExport.name} value="on" defaultChecked={viewersMayExport} disabled={!canEdit} className="size-4" />
      <Label htmlFor={fields.viewersMayExport.id}>Viewers may download CSV exports (members, funnel, audit log)</Label>
      {canEdit && (
        <Button type="submit" size="sm" variant="outline" disabled={isSaving}>{isSaving ? "Saving..." : "Save"}</Button>
      )}
    </fetcher.Form>
  );
}

export default function Team({ loaderData }: Route.ComponentProps) {
  const { me, team, viewersMayExport } = loaderData;
  const roles = me.canEdit ? assignableRoles(me.role) : [];
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <h1 className="text-3xl font-extrabold">Team</h1>
      <Card>
        <CardHeader>
          <CardTitle>Roles</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-2 sm:grid-cols-2">
            {STAFF_ROLES.map((role) => (
              <div key={role}>
                <dt className="font-semibold">{ROLE_LABEL[role]}</dt>
                <dd className="text-sm text-muted-foreground">{ROLE_SUMMARY[role]}</dd>
              </div>
            ))}
          </dl>
        </CardContent>
      </Card>
      {me.canEdit && (
        <Card>
          <CardHeader>
            <CardTitle>Invite someone</CardTitle>
            <CardDescription>They get an e-mail and sign in with a magic link sent to that address, like everyone here.</CardDescription>
          </CardHeader>
          <CardContent>
            <InviteForm roles={roles} />
          </CardContent>
        </Card>
      )}
      <Card>
        <CardHeader>
          <CardTitle>People</CardTitle>
        </CardHeader>
        <CardContent>
          <Table>
            <TableHeader>
              <TableRow>
                {["E-mail", "Role", "Added", "Last sign-in", ""].map((heading) => (
                  <TableHead key={heading}>{heading}</TableHead>
                ))}
              </TableRow>
            </TableHeader>
            <TableBody>
              {team.map((person) => {
                const mayChange = me.canEdit && person.id !== me.id && roles.includes(person.role);
                return (
                  <TableRow key={person.id} data-testid="team-member">
                    <TableCell className="font-semibold">{person.email}{person.id === me.id && " (you)"}</TableCell>
                    <TableCell>{mayChange ? <RoleForm person={person} roles={roles} /> : ROLE_LABEL[person.role]}</TableCell>
                    <TableCell className="whitespace-nowrap"><LocalTime value={person.addedAt} style="date" /></TableCell>
                    <TableCell className="whitespace-nowrap">{person.lastSignInAt ? <LocalTime value={person.lastSignInAt} style="date" /> : "Not yet"}</TableCell>
                    <TableCell>{mayChange && <RemoveForm person={person} />}</TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Exports</CardTitle>
        </CardHeader>
        <CardContent>
          <ExportForm viewersMayExport={viewersMayExport} canEdit={me.canEdit} />
        </CardContent>
      </Card>
    </div>
  );
}
