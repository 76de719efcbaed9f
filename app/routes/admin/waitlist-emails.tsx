import { describeEmailStatus } from "~/lib/email/email-status-label";
import { describeConsent } from "~/lib/consent/consent-label";
import { getInputProps, getTextareaProps } from "@conform-to/react";
import { Ban, Download, FileJson, NotebookPen, Tags, Trash2, Undo2 } from "lucide-react";
import { useCallback, useEffect, useState } from "react";
import { Link, redirect, useFetcher } from "react-router";
import { toast } from "~/components/ui/toast";
import { z } from "zod";
import type { Route } from "./+types/waitlist-emails";
import { adminClientAction, useAdminForm } from "~/components/admin/admin-form";
import { FormField } from "~/components/form-field";
import { LocalTime } from "~/components/local-time";
import { Pager, RefreshButton, SearchForm, useQueryWith } from "~/components/admin/table-controls";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { Input } from "~/components/ui/input";
import { LANGUAGE_NAMES } from "~/kernel/i18n/languages";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { Textarea } from "~/components/ui/textarea";
import { MemberImportPanel } from "~/components/admin/member-import";
import { canAccess } from "~/lib/auth/roles";
import { adminAction, adminUploadAction } from "~/lib/admin/admin-action.server";
import { readCsvUpload } from "~/lib/imports/csv-upload.server";
import { checkImport, getMemberImport, listImportProblems } from "~/lib/imports/import-check.server";
import { startImport } from "~/lib/imports/import-run.server";
import { MemberImportStartSchema } from "~/lib/imports/import.schema";
import type { AdminActionResult, FailureToast } from "~/lib/admin/action-result";
import { mayExport, requireStaff } from "~/lib/auth/guards.server";
import { cn } from "~/lib/utils";
import { MemberBlockSchema, MemberEraseSchema, MemberNotesSchema, MemberTagsSchema } from "~/lib/waitlist/member-admin.schema";
import { eraseMemberAsAdmin } from "~/lib/privacy/erase-member.server";
import { changeMember, listMembersPage, MEMBERS_PAGE_SIZE, type ConfirmedFilter, type LaunchFilter } from "~/lib/waitlist/member-admin.server";
import { LAUNCH_STATUS_LABEL, LAUNCH_STATUSES } from "~/lib/launch/launch-status";

export { adminShouldRevalidate as shouldRevalidate } from "~/lib/admin/revalidation";

export const meta: Route.MetaFunction = () => [{ title: "Waitlist Emails | Admin" }];

const QuerySchema = z.object({
  q: z.string().trim().max(200).catch(""),
  confirmed: z.enum(["any", "yes", "no"]).catch("any"),
  launch: z.enum(["any", ...LAUNCH_STATUSES]).catch("any"),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
  import: z.string().max(64).catch(""),
});

const WaitlistEmailsSchema = z.discriminatedUnion("intent", [MemberTagsSchema, MemberNotesSchema, MemberBlockSchema, MemberEraseSchema, MemberImportStartSchema]);
const IMPORT_FAILURE = { title: "Import Failed" };

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireStaff(request, "waitlist-emails");
  const query = QuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const [result, memberImport] = await Promise.all([
    listMembersPage({ search: query.q, confirmed: query.confirmed, launch: query.launch, page: query.page }),
    query.import ? getMemberImport(query.import) : null,
  ]);
  const importProblems = memberImport?.status === "checked" ? await listImportProblems(memberImport.id) : [];
  const canEdit = canAccess(user.role, "waitlist-emails", "edit");
  return { ...query, ...result, pageSize: MEMBERS_PAGE_SIZE, memberImport, importProblems, canExport: await mayExport(user), canEdit };
}

function failure(form: FormData): FailureToast {
  const intent = form.get("intent");
  if (intent === "import" || intent === "import-file") return IMPORT_FAILURE;
  return intent === "block" || intent === "erase" ? { title: "Action Failed" } : { title: "Update Failed" };
}

export async function action(args: Route.ActionArgs) {
  // A CSV upload: checked (the dry run) as it streams in, then shown on this screen.
  if (/^multipart\/form-data/i.test(args.request.headers.get("Content-Type") ?? "")) {
    return adminUploadAction(args, {
      section: "waitlist-emails",
      failure: IMPORT_FAILURE,
      run: async (request, admin) => {
        const checked = await readCsvUpload(request, (upload) => checkImport(upload, admin.id));
        return redirect(`/admin/waitlist-emails?import=${checked.id}`);
      },
    });
  }
  return adminAction(args, {
    section: "waitlist-emails",
    schema: WaitlistEmailsSchema,
    failure,
    run: async (change, admin) => {
      if (change.intent === "import") {
        const started = await startImport(change.importId, { tags: change.tags.split(","), sendWelcome: change.sendWelcome === "on" }, admin.id);
        return { title: "Import Started", description: `${started.newRows.toLocaleString("en-US")} new members from ${started.fileName}.` };
      }
      if (change.intent === "erase") {
        await eraseMemberAsAdmin(change.memberId, admin);
        return { title: "Member Erased", description: "The member and their data were deleted everywhere." };
      }
      if (change.intent === "block") {
        const isBlocked = change.isBlocked === "true";
        await changeMember(change.memberId, { kind: "blocked", isBlocked }, admin.id);
        return { title: isBlocked ? "User Blocked" : "User Unblocked" };
      }
      const member =
        change.intent === "tags"
          ? await changeMember(change.memberId, { kind: "tags", tags: change.tags.split(",") }, admin.id)
          : await changeMember(change.memberId, { kind: "notes", notes: change.notes }, admin.id);
      return { title: "User Updated", description: member.email };
    },
  });
}

export const clientAction = adminClientAction(failure);

type Row = Route.ComponentProps["loaderData"]["rows"][number];
const NEXT_FILTER: Record<ConfirmedFilter, ConfirmedFilter> = { any: "yes", yes: "no", no: "any" };
const FILTER_LABEL: Record<ConfirmedFilter, string> = { any: "Any", yes: "Yes", no: "No" };
const NEXT_LAUNCH: Record<LaunchFilter, LaunchFilter> = { any: "waiting", waiting: "invited", invited: "admitted", admitted: "any" };
const LAUNCH_FILTER_LABEL: Record<LaunchFilter, string> = { any: "Any", ...LAUNCH_STATUS_LABEL };

function EditDialog({ member, field, onClose }: { member: Row; field: "tags" | "notes"; onClose: () => void }) {
  const { fields, fetcher, formProps, isSaving, result } = useAdminForm({
    id: `member-${field}-${member.id}`,
    schema: field === "tags" ? MemberTagsSchema : MemberNotesSchema,
    failure,
    defaultValue: { intent: field, memberId: member.id, tags: member.tags.join(", "), notes: member.notes },
  });
  useEffect(() => {
    if (result?.ok) onClose();
  }, [result, onClose]);
  const input = field === "tags" ? fields.tags : fields.notes;
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{field === "tags" ? "Edit tags" : "Edit notes"}</DialogTitle>
          <DialogDescription>{member.email}</DialogDescription>
        </DialogHeader>
        <fetcher.Form {...formProps} className="grid gap-4">
          <input type="hidden" name="intent" value={field} />
          <input type="hidden" name="memberId" value={member.id} />
          {input && (
            <FormField field={input} label={field === "tags" ? "Tags (comma separated)" : "Notes"}>
              {field === "tags" ? (
                <Input {...getInputProps(input, { type: "text" })} autoFocus />
              ) : (
                <Textarea {...getTextareaProps(input)} rows={5} autoFocus />
              )}
            </FormField>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>Cancel</Button>
            <Button type="submit" disabled={isSaving}>{isSaving ? "Saving..." : "Save"}</Button>
          </DialogFooter>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}

function BlockButton({ member }: { member: Row }) {
  const fetcher = useFetcher<AdminActionResult>();
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="block" />
      <input type="hidden" name="memberId" value={member.id} />
      <input type="hidden" name="isBlocked" value={String(!member.isBlocked)} />
      <Button type="submit" size="sm" variant={member.isBlocked ? "outline" : "destructive"} disabled={fetcher.state !== "idle"}>
        {member.isBlocked ? <Undo2 aria-hidden="true" /> : <Ban aria-hidden="true" />}
        {member.isBlocked ? "Unblock" : "Block"}
      </Button>
    </fetcher.Form>
  );
}

/** Erase: the dialog is the confirmation; the address is shown here, never kept in the audit row. */
function EraseDialog({ member, onClose }: { member: Row; onClose: () => void }) {
  const fetcher = useFetcher<AdminActionResult>();
  useEffect(() => {
    if (fetcher.data?.ok) onClose();
  }, [fetcher.data, onClose]);
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Erase this member?</DialogTitle>
          <DialogDescription>{member.email}</DialogDescription>
        </DialogHeader>
        <p className="text-sm text-muted-foreground">
          Their membership, points history, referrals, sign-in, e-mails, import lines and records go everywhere, for good. Points they gave
          others stay; standings show a former crew member. Integrations get a member.erased event.
        </p>
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="erase" />
          <input type="hidden" name="memberId" value={member.id} />
          <input type="hidden" name="confirm" value="erase" />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>Cancel</Button>
            <Button type="submit" variant="destructive" disabled={fetcher.state !== "idle"}>{fetcher.state !== "idle" ? "Erasing..." : "Erase everything"}</Button>
          </DialogFooter>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}

export default function WaitlistEmails({ loaderData }: Route.ComponentProps) {
  const { rows, total, matching, q, confirmed, launch, page, pageSize, memberImport, importProblems, canExport, canEdit } = loaderData;
  const withParams = useQueryWith();
  const [editing, setEditing] = useState<{ member: Row; field: "tags" | "notes" } | null>(null);
  const closeEditor = useCallback(() => setEditing(null), []);
  const [erasing, setErasing] = useState<Row | null>(null);
  const closeEraser = useCallback(() => setErasing(null), []);
  const pages = Math.max(1, Math.ceil(matching / pageSize));

  function exportCsv(event: React.MouseEvent<HTMLAnchorElement>) {
    if (total === 0) {
      event.preventDefault();
      toast.error("No Data", { description: "No users to export." });
      return;
    }
    toast.success("Export Successful", { description: "User data exported to CSV." });
  }

  return (
    <div className="mx-auto max-w-7xl space-y-4">
      <h1 className="text-3xl font-extrabold">Waitlist Emails</h1>
      <div className="flex flex-wrap items-end gap-2">
        <SearchForm id="waitlist-search" label="Search e-mail, referral code or tags" defaultValue={q} keep={{ confirmed, launch, ...(memberImport ? { import: memberImport.id } : {}) }} />
        <Button asChild variant="outline">
          <Link to={withParams({ confirmed: NEXT_FILTER[confirmed], page: "1" })}>Confirmed: {FILTER_LABEL[confirmed]}</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to={withParams({ launch: NEXT_LAUNCH[launch], page: "1" })}>Status: {LAUNCH_FILTER_LABEL[launch]}</Link>
        </Button>
        <RefreshButton />
        {canExport && (
          <Button asChild variant="outline">
            <a href="/api/waitlist.csv" download="waitlist_users.csv" onClick={exportCsv}><Download aria-hidden="true" /> Export CSV</a>
          </Button>
        )}
      </div>
      {canEdit && <MemberImportPanel memberImport={memberImport} problems={importProblems} failure={IMPORT_FAILURE} />}

      <Table>
          <TableHeader>
            <TableRow>
              {["Email", "Referral Code", "Points", "Referrals", "Confirmed", "Status", "Joined", "Consent", "E-mails", "Language", "Tags", "Notes", "Actions"].map((heading) => (
                <TableHead key={heading}>{heading}</TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.length === 0 ? (
              <TableRow><TableCell colSpan={13}><p className="py-6 text-center text-muted-foreground">No users match.</p></TableCell></TableRow>
            ) : (
              rows.map((member) => (
                <TableRow key={member.id} data-testid="waitlist-row" className={cn(member.isBlocked && "opacity-60")}>
                  <TableCell className="font-medium">
                    {member.email}
                    {member.isBlocked && <Badge variant="destructive" className="ml-2">Blocked</Badge>}
                  </TableCell>
                  <TableCell className="font-mono">{member.referralCode}</TableCell>
                  <TableCell>{member.points}</TableCell>
                  <TableCell>{member.referralsMade}</TableCell>
                  <TableCell>{member.confirmedEmail ? "Yes" : "No"}</TableCell>
                  <TableCell data-testid="launch-status">{member.launchStatus === "waiting" ? LAUNCH_STATUS_LABEL.waiting : <Badge variant={member.launchStatus === "admitted" ? "secondary" : "outline"}>{LAUNCH_STATUS_LABEL[member.launchStatus]}</Badge>}</TableCell>
                  <TableCell className="whitespace-nowrap"><LocalTime value={member.joinDate} style="date" /></TableCell>
                  <TableCell className="text-sm">{describeConsent(member)}</TableCell>
                  <TableCell className="text-sm">
                    {member.emailStatus === "subscribed" ? (
                      describeEmailStatus(member.emailStatus)
                    ) : (
                      <Badge variant="outline">{describeEmailStatus(member.emailStatus)}</Badge>
                    )}
                  </TableCell>
                  <TableCell data-testid="member-language">{LANGUAGE_NAMES[member.language]}</TableCell>
                  <TableCell>{member.tags.join(", ")}</TableCell>
                  <TableCell className="max-w-48 truncate" title={member.notes}>{member.notes}</TableCell>
                  <TableCell>
                    <div className="flex gap-1">
                      <Button size="sm" variant="outline" onClick={() => setEditing({ member, field: "tags" })} aria-label={`Edit tags of ${member.email}`}><Tags aria-hidden="true" /></Button>
                      <Button size="sm" variant="outline" onClick={() => setEditing({ member, field: "notes" })} aria-label={`Edit notes of ${member.email}`}><NotebookPen aria-hidden="true" /></Button>
                      <BlockButton member={member} />
                      {canEdit && (
                        <>
                          <Button asChild size="sm" variant="outline">
                            <a href={`/api/members/${member.id}/data.json`} download aria-label={`Download the data of ${member.email}`}><FileJson aria-hidden="true" /></a>
                          </Button>
                          <Button size="sm" variant="outline" onClick={() => setErasing(member)} aria-label={`Erase ${member.email}`}><Trash2 aria-hidden="true" /></Button>
                        </>
                      )}
                    </div>
                  </TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
      </Table>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-muted-foreground">
        <p>
          Showing {rows.length} of {total} users.{matching !== total && ` ${matching} match the search.`}
        </p>
        <Pager page={page} pages={pages} />
      </div>
      {editing && <EditDialog member={editing.member} field={editing.field} onClose={closeEditor} />}
      {erasing && <EraseDialog member={erasing} onClose={closeEraser} />}
    </div>
  );
}
