import { getInputProps, type FieldMetadata, type FormMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import { ImageUpload, type UploadTarget } from "~/components/admin/image-upload";
import { FormField } from "~/components/form-field";
import { Input } from "~/components/ui/input";

/** An image URL field with an upload beside it; an upload fills the field (still unsaved). */
export function ImageUrlField({
  form,
  field,
  label,
  help,
  uploadLabel,
  target,
  disabled,
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any form's metadata; only `update` is used
  form: FormMetadata<any>;
  field: FieldMetadata<string | undefined>;
  label: string;
  help?: ReactNode;
  uploadLabel: string;
  target: UploadTarget;
  disabled?: boolean;
}) {
  return (
    <>
      <FormField field={field} label={label} help={help}>
        <Input {...getInputProps(field, { type: "text", ariaDescribedBy: help ? field.descriptionId : undefined })} />
      </FormField>
      <ImageUpload target={target} label={uploadLabel} onUploaded={(url) => form.update({ name: field.name, value: url })} disabled={disabled} />
    </>
  );
}
