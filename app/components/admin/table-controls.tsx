import { RefreshCw, Search } from "lucide-react";
import { Form, Link, useRevalidator, useSearchParams } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";

/** The current query string with some parameters replaced. */
export function useQueryWith() {
  const [searchParams] = useSearchParams();
  return (changes: Record<string, string>) => {
    const next = new URLSearchParams(searchParams);
    for (const [key, value] of Object.entries(changes)) next.set(key, value);
    return `?${next}`;
  };
}

/** A GET search form (works without JavaScript); `keep` carries other filters along. */
export function SearchForm({ id, label, defaultValue, keep = {} }: { id: string; label: string; defaultValue: string; keep?: Record<string, string> }) {
  return (
    <Form method="get" className="flex items-end gap-2" role="search">
      {Object.entries(keep).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div className="grid gap-1.5">
        <Label htmlFor={id}>{label}</Label>
        <Input id={id} name="q" defaultValue={defaultValue} className="max-w-72" />
      </div>
      <Button type="submit" variant="secondary">
        <Search aria-hidden="true" /> Search
      </Button>
    </Form>
  );
}

export function RefreshButton() {
  const revalidator = useRevalidator();
  const isLoading = revalidator.state === "loading";
  return (
    <Button variant="outline" onClick={() => void revalidator.revalidate()} disabled={isLoading}>
      <RefreshCw className={isLoading ? "animate-spin" : undefined} aria-hidden="true" /> Refresh
    </Button>
  );
}

export function Pager({ page, pages }: { page: number; pages: number }) {
  const queryWith = useQueryWith();
  if (pages <= 1) return null;
  return (
    <nav aria-label="Pages" className="flex items-center gap-2 text-sm">
      <Button asChild size="sm" variant="outline" aria-disabled={page <= 1}>
        <Link to={queryWith({ page: String(Math.max(1, page - 1)) })}>Previous</Link>
      </Button>
      <span>
        Page {page} of {pages}
      </span>
      <Button asChild size="sm" variant="outline" aria-disabled={page >= pages}>
        <Link to={queryWith({ page: String(Math.min(pages, page + 1)) })}>Next</Link>
      </Button>
    </nav>
  );
}
