import type { FieldMetadata } from "@conform-to/react";
import { EditorContent, useEditor, useEditorState } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { Bold, Italic, List, ListOrdered, Pilcrow, Underline } from "lucide-react";
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { cn } from "~/lib/utils";

/** A version to load into the editor (history revert); a new object loads again. */
export type EditorRevert = { value: string };

/**
 * Tiptap with the spec's toolbar (Bold, Italic, Underline, Bullet List, Numbered List,
 * Paragraph). The HTML travels in the form field's hidden input (the server sanitises
 * it); typing updates that input and tells Conform, so the form owns the draft.
 */
export function RichTextEditor({
  field,
  label,
  revert,
  minHeight = 150,
  disabled,
}: {
  field: FieldMetadata<string | undefined>;
  label: string;
  revert?: EditorRevert;
  minHeight?: number;
  disabled?: boolean;
}) {
  const input = useRef<HTMLInputElement>(null);
  const initialValue = typeof field.initialValue === "string" ? field.initialValue : "";
  const [mountValue] = useState(initialValue);

  // Filled once when mounted (the form is re-keyed by the saved version, which remounts this).
  useLayoutEffect(() => {
    if (input.current) input.current.value = mountValue;
  }, [mountValue]);

  function store(html: string) {
    if (!input.current) return;
    input.current.value = html;
    input.current.dispatchEvent(new Event("input", { bubbles: true }));
  }

  const editor = useEditor({
    immediatelyRender: false,
    extensions: [
      StarterKit.configure({
        heading: false,
        blockquote: false,
        code: false,
        codeBlock: false,
        horizontalRule: false,
        strike: false,
        link: { openOnClick: false, protocols: ["http", "https", "mailto"] },
      }),
    ],
    content: mountValue,
    editorProps: {
      attributes: {
        id: field.id,
        role: "textbox",
        "aria-multiline": "true",
        "aria-label": label,
        class: "rich-text px-3 py-2 focus:outline-none",
        style: `min-height: ${minHeight}px`,
      },
    },
    onUpdate: ({ editor: current }) => store(current.getHTML()),
  });

  useEffect(() => {
    if (!editor || !revert) return;
    editor.commands.setContent(revert.value, { emitUpdate: false });
    store(revert.value);
  }, [editor, revert]);

  useEffect(() => {
    editor?.setEditable(!disabled);
  }, [editor, disabled]);

  const active = useEditorState({
    editor,
    selector: ({ editor: current }) =>
      current
        ? {
            bold: current.isActive("bold"),
            italic: current.isActive("italic"),
            underline: current.isActive("underline"),
            bulletList: current.isActive("bulletList"),
            orderedList: current.isActive("orderedList"),
            paragraph: current.isActive("paragraph"),
          }
        : null,
  });

  const buttons = [
    { key: "bold", label: "Bold", icon: Bold, run: () => editor?.chain().focus().toggleBold().run() },
    { key: "italic", label: "Italic", icon: Italic, run: () => editor?.chain().focus().toggleItalic().run() },
    { key: "underline", label: "Underline", icon: Underline, run: () => editor?.chain().focus().toggleUnderline().run() },
    { key: "bulletList", label: "Bullet List", icon: List, run: () => editor?.chain().focus().toggleBulletList().run() },
    { key: "orderedList", label: "Numbered List", icon: ListOrdered, run: () => editor?.chain().focus().toggleOrderedList().run() },
    { key: "paragraph", label: "Paragraph", icon: Pilcrow, run: () => editor?.chain().focus().setParagraph().run() },
  ] as const;

  return (
    <div className={cn("rounded-md border border-input bg-card focus-within:outline-2 focus-within:outline-ring", disabled && "opacity-60")}>
      {/* No value prop: React would write the saved value back over the draft on every re-render. */}
      <input ref={input} type="hidden" name={field.name} form={field.formId} />
      <div role="toolbar" aria-label={`${label} formatting`} className="flex flex-wrap gap-1 border-b p-1">
        {buttons.map(({ key, label: buttonLabel, icon: Icon, run }) => (
          <button
            key={key}
            type="button"
            onClick={run}
            disabled={!editor || disabled}
            aria-label={buttonLabel}
            title={buttonLabel}
            aria-pressed={active?.[key] ?? false}
            className="rounded p-1.5 hover:bg-muted aria-pressed:bg-secondary aria-pressed:text-secondary-foreground disabled:opacity-50"
          >
            <Icon className="size-4" aria-hidden="true" />
          </button>
        ))}
      </div>
      {editor ? (
        <EditorContent editor={editor} />
      ) : (
        <p className="px-3 py-2 text-sm text-muted-foreground" style={{ minHeight }}>
          Loading editor...
        </p>
      )}
    </div>
  );
}
