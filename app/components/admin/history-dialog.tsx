import { History } from "lucide-react";
import { useState } from "react";
import { useAdminJson } from "~/components/admin/use-admin-json";
import { LocalTime } from "~/components/local-time";
import { Button } from "~/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import type { ContentName } from "~/lib/content/content-fields";
import { DEFAULT_LANGUAGE, LANGUAGE_NAMES, type Language } from "~/kernel/i18n/languages";

type HistoryResponse = {
  name: ContentName;
  entries: { version: number; value: string; changedAt: string; changedBy: string | null }[];
};

/** Past versions of one field in one language; reverting only fills the editor (saving makes it permanent). */
export function HistoryDialog({
  name,
  language = DEFAULT_LANGUAGE,
  label,
  kind,
  onRevert,
  buttonLabel = "History",
  disabled,
}: {
  name: ContentName;
  language?: Language;
  label: string;
  kind: "plain" | "rich";
  onRevert: (value: string, version: number) => void;
  buttonLabel?: string;
  /** While the form saves (it is re-keyed with the stored values afterwards). */
  disabled?: boolean;
}) {
  const [isOpen, setIsOpen] = useState(false);
  const { data, isLoading } = useAdminJson<HistoryResponse | null>(isOpen ? `/api/content-history?name=${name}&language=${language}` : null, {
    fallback: null,
    errorMessage: "Could not fetch history.",
  });
  const entries = data?.entries ?? [];

  return (
    <>
      <Button type="button" variant="outline" size="sm" onClick={() => setIsOpen(true)} disabled={disabled}>
        <History aria-hidden="true" /> {buttonLabel}
      </Button>
      <Dialog open={isOpen} onOpenChange={setIsOpen}>
        <DialogContent wide>
          <DialogHeader>
            <DialogTitle>History: {label}{language === DEFAULT_LANGUAGE ? "" : ` (${LANGUAGE_NAMES[language]})`}</DialogTitle>
            <DialogDescription>The last 10 saved versions, newest first.</DialogDescription>
          </DialogHeader>
          {isLoading ? (
            <p role="status" className="text-sm text-muted-foreground">Loading history...</p>
          ) : entries.length === 0 ? (
            <p className="text-sm text-muted-foreground">No history found for this item.</p>
          ) : (
            <ol className="space-y-3">
              {entries.map((entry) => (
                <li key={entry.version} className="rounded-lg border p-3">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <p className="text-sm font-bold">
                      Version {entry.version}
                      <span className="ml-2 font-normal text-muted-foreground">
                        <LocalTime value={entry.changedAt} /> {entry.changedBy ? `by ${entry.changedBy}` : ""}
                      </span>
                    </p>
                    <Button
                      type="button"
                      size="sm"
                      variant="secondary"
                      onClick={() => {
                        onRevert(entry.value, entry.version);
                        setIsOpen(false);
                      }}
                    >
                      Revert to this version
                    </Button>
                  </div>
                  {kind === "rich" ? (
                    <div className="rich-text mt-2 max-h-40 overflow-y-auto text-sm" dangerouslySetInnerHTML={{ __html: entry.value }} />
                  ) : (
                    <p className="mt-2 text-sm">{entry.value || <em className="text-muted-foreground">(empty)</em>}</p>
                  )}
                </li>
              ))}
            </ol>
          )}
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">Close</Button>
            </DialogClose>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
