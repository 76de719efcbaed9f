import { useLingui } from "@lingui/react";
import type { LucideIcon } from "lucide-react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/utils";

/** A centred one-message page: not found, hidden, confirmed, unauthorised… */
export function NoticePage({
  icon: Icon,
  iconClassName,
  title,
  message,
  action,
}: {
  icon?: LucideIcon;
  iconClassName?: string;
  title: string;
  message: string;
  action?: { to: string; label: string; variant?: "default" | "outline"; reloadDocument?: boolean };
}) {
  const { i18n } = useLingui();
  const { to, label, variant, reloadDocument } = action ?? { to: "/", label: i18n._("Back to Home") };
  return (
    <main className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center gap-4 px-4 py-16 text-center">
      {Icon && <Icon className={cn("size-14", iconClassName)} aria-hidden="true" />}
      <h1 className="text-4xl font-extrabold">{title}</h1>
      <p className="text-lg text-muted-foreground">{message}</p>
      <Button asChild variant={variant ?? "default"}>
        <Link to={to} reloadDocument={reloadDocument}>
          {label}
        </Link>
      </Button>
    </main>
  );
}
