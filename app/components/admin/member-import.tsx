import { getInputProps } from "@conform-to/react";
import { FileUp } from "lucide-react";
import { useEffect, useId } from "react";
import { useActionData, useFetcher, useRevalidator } from "react-router";
import { useAdminForm } from "~/components/admin/admin-form";
import { FormField } from "~/components/form-field";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Progress } from "~/components/ui/progress";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import type { AdminActionResult, FailureToast } from "~/lib/admin/action-result";
import type { ImportProblem, MemberImport } from "~/lib/imports/import-check.server";
import { MemberImportStartSchema } from "~/lib/imports/import.schema";

const POLL_MS = 2_000;
const OUTCOME_LABEL: Record<ImportProblem["outcome"], string> = { existing: "Already listed", invalid: "Invalid", disposable: "Throwaway" };
const count = (value: number) => value.toLocaleString("en-US");

/** The upload: checked on the server as it streams in (the dry run); nothing is imported yet. */
function UploadForm() {
  const fetcher = useFetcher<AdminActionResult>();
  const documentResult = useActionData() as AdminActionResult | undefined;
  const result = fetcher.data ?? documentResult;
  const fileId = useId();
  const isChecking = fetcher.state !== "idle";
  const error = result && !result.ok && !result.form ? result.toast.description : undefined;
  return (
    <fetcher.Form method="post" encType="multipart/form-data" className="flex flex-wrap items-end gap-2" aria-busy={isChecking || undefined}>
      <input type="hidden" name="intent" value="import-file" />
      <div className="grid gap-1.5">
        <Label htmlFor={fileId}>CSV file</Label>
        <Input id={fileId} type="file" name="file" accept=".csv,text/csv" required aria-describedby={error ? `${fileId}-error` : undefined} className="max-w-80" />
      </div>
      <Button type="submit" variant="outline" disabled={isChecking}>
        <FileUp aria-hidden="true" />
        {isChecking ? "Checking..." : "Check file"}
      </Button>
      {error && (
        <p id={`${fileId}-error`} role="alert" className="basis-full text-sm font-semibold text-destructive">{error}</p>
      )}
    </fetcher.Form>
  );
}

function Counts({ memberImport }: { memberImport: MemberImport }) {
  const items: [string, number][] = [
    ["Lines", memberImport.totalRows],
    ["New", memberImport.newRows],
    ["Already listed", memberImport.existingRows],
    ["Invalid", memberImport.invalidRows],
    ["Throwaway", memberImport.disposableRows],
  ];
  return (
    <dl className="flex flex-wrap gap-x-6 gap-y-1" data-testid="import-counts">
      {items.map(([label, value]) => (
        <div key={label} className="flex gap-1.5">
          <dt className="text-muted-foreground">{label}:</dt>
          <dd className="font-semibold">{count(value)}</dd>
        </div>
      ))}
    </dl>
  );
}

function Problems({ memberImport, problems }: { memberImport: MemberImport; problems: ImportProblem[] }) {
  const notImported = memberImport.totalRows - memberImport.newRows;
  if (notImported === 0) return null;
  return (
    <div className="space-y-2">
      <Table>
        <TableHeader>
          <TableRow>
            {["Line", "E-mail", "Outcome", "Reason"].map((heading) => (
              <TableHead key={heading}>{heading}</TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {problems.map((problem) => (
            <TableRow key={problem.line} data-testid="import-problem">
              <TableCell>{problem.line}</TableCell>
              <TableCell className="max-w-64 truncate">{problem.email}</TableCell>
              <TableCell>{OUTCOME_LABEL[problem.outcome]}</TableCell>
              <TableCell>{problem.reason}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <p className="text-sm text-muted-foreground">
        {notImported > problems.length && `The first ${problems.length} of ${count(notImported)} lines that will not be imported. `}
        <a className="font-semibold underline" href={`/api/member-imports/${memberImport.id}/problems.csv`} download>
          Download every line that will not be imported (CSV)
        </a>
      </p>
    </div>
  );
}

function StartForm({ memberImport, failure }: { memberImport: MemberImport; failure: FailureToast }) {
  const { fields, fetcher, formProps, isSaving } = useAdminForm({
    id: `member-import-${memberImport.id}`,
    schema: MemberImportStartSchema,
    failure,
    defaultValue: { intent: "import", importId: memberImport.id, tags: "" },
  });
  return (
    <fetcher.Form {...formProps} className="flex flex-wrap items-end gap-4">
      <input type="hidden" name="intent" value="import" />
      <input type="hidden" name="importId" value={memberImport.id} />
      {fields.tags && (
        <FormField field={fields.tags} label="Tags for every imported member (comma separated)" className="min-w-64">
          <Input {...getInputProps(fields.tags, { type: "text" })} />
        </FormField>
      )}
      {fields.sendWelcome && (
        <div className="flex items-center gap-2 pb-2">
          <input {...getInputProps(fields.sendWelcome, { type: "checkbox", value: "on" })} className="size-4" />
          <Label htmlFor={fields.sendWelcome.id}>Send each new member the welcome e-mail</Label>
        </div>
      )}
      <Button type="submit" disabled={isSaving || memberImport.newRows === 0}>
        {isSaving ? "Starting..." : `Import ${count(memberImport.newRows)} new members`}
      </Button>
    </fetcher.Form>
  );
}

/** While the worker imports, the screen asks again every 2 s. */
function Progressing({ memberImport }: { memberImport: MemberImport }) {
  const revalidator = useRevalidator();
  const isImporting = memberImport.status === "importing";
  useEffect(() => {
    if (!isImporting) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [isImporting, revalidator]);
  const done = memberImport.importedRows + memberImport.skippedRows;
  if (isImporting) {
    return (
      <div className="space-y-2" role="status">
        <p>
          Importing {memberImport.fileName}: {count(done)} of {count(memberImport.newRows)} lines done.
        </p>
        <Progress value={done} max={Math.max(1, memberImport.newRows)} aria-label="Import progress" />
      </div>
    );
  }
  return (
    <p role="status">
      Imported {count(memberImport.importedRows)} members from {memberImport.fileName}.
      {memberImport.skippedRows > 0 && ` ${count(memberImport.skippedRows)} skipped: they joined after the check.`}
    </p>
  );
}

/**
 * Waitlist Emails → Import from CSV: upload, see what would happen line by line (the
 * dry run), then import the new lines with tags and, if chosen, the welcome e-mail.
 */
export function MemberImportPanel({ memberImport, problems, failure }: { memberImport: MemberImport | null; problems: ImportProblem[]; failure: FailureToast }) {
  return (
    <section aria-labelledby="member-import-heading" className="space-y-3 rounded-lg border bg-card p-4">
      <h2 id="member-import-heading" className="text-xl font-bold">Import from CSV</h2>
      <p className="text-sm text-muted-foreground">
        The Export CSV&apos;s columns (Email, Referral Code, Confirmed, Blocked, Tags, Notes, Language) or one e-mail address per line. Points and
        referrals are earned here, never imported. The file is checked first; nothing changes until you import.
      </p>
      {memberImport?.status === "checked" && (
        <div className="space-y-3" data-testid="import-check">
          <h3 className="font-semibold">Checked: {memberImport.fileName}</h3>
          <Counts memberImport={memberImport} />
          <Problems memberImport={memberImport} problems={problems} />
          <StartForm memberImport={memberImport} failure={failure} />
        </div>
      )}
      {memberImport && memberImport.status !== "checked" && <Progressing memberImport={memberImport} />}
      <UploadForm />
    </section>
  );
}
