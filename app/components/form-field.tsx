import type { FieldMetadata } from "@conform-to/react";
import { useLingui } from "@lingui/react";
import type { ReactNode } from "react";
import { Label } from "~/components/ui/label";
import { cn } from "~/lib/utils";

/**
 * Label, control, help text and the field's first error, wired by Conform's ids. The error is
 * a schema's English message, its own id in the catalogs: shown in the page's language (issue 31).
 */
export function FormField({
  field,
  label,
  help,
  children,
  className,
  labelHidden,
}: {
  field: FieldMetadata<unknown>;
  label: ReactNode;
  help?: ReactNode;
  children: ReactNode;
  className?: string;
  labelHidden?: boolean;
}) {
  const { i18n } = useLingui();
  return (
    <div data-slot="form-field" className={cn("grid gap-1.5", className)}>
      <Label htmlFor={field.id} className={cn(labelHidden && "sr-only")}>
        {label}
      </Label>
      {children}
      {help && (
        <p id={field.descriptionId} className="text-sm text-muted-foreground">
          {help}
        </p>
      )}
      {field.errors?.[0] && (
        <p id={field.errorId} className="text-sm font-semibold text-destructive">
          {i18n._(field.errors[0])}
        </p>
      )}
    </div>
  );
}
