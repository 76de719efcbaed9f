import { ImageUp, Loader2 } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { toast } from "~/components/ui/toast";
import { Button } from "~/components/ui/button";
import { Label } from "~/components/ui/label";
import { Progress } from "~/components/ui/progress";

export type UploadTarget = "logo" | "product" | "video-thumbnail" | "social-image";

const ACCEPT: Record<UploadTarget, string> = {
  logo: "image/png,image/jpeg,image/gif,image/svg+xml,.png,.jpg,.jpeg,.gif,.svg",
  product: "image/png,image/jpeg,image/gif,image/webp,image/svg+xml",
  "video-thumbnail": "image/png,image/jpeg,image/gif,image/webp,image/svg+xml",
  "social-image": "image/png,image/jpeg,image/gif,image/webp,image/svg+xml",
};

/** Sends one file to /api/uploads, reporting real upload progress. */
function uploadFile(file: File, target: UploadTarget, onProgress: (percent: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const body = new FormData();
    body.set("target", target);
    body.set("file", file);
    const request = new XMLHttpRequest();
    request.open("POST", "/api/uploads");
    request.responseType = "json";
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.min(99, Math.round((event.loaded / event.total) * 100)));
    };
    request.onload = () => {
      const response = request.response as { url?: string; error?: string } | null;
      if (request.status >= 200 && request.status < 300 && response?.url) resolve(response.url);
      else if (request.status >= 200 && request.status < 300) reject(new Error("URL Retrieval Failed"));
      else reject(new Error(response?.error ?? `Upload failed (${request.status}).`));
    };
    request.onerror = () => reject(new Error("The connection was interrupted."));
    request.send(body);
  });
}

/**
 * Pick an image, preview it, upload it with a progress bar; `onUploaded` receives the
 * public URL (the form keeps it in its URL field).
 */
export function ImageUpload({ target, label, onUploaded, disabled }: {
  target: UploadTarget;
  label: string;
  onUploaded: (url: string) => void;
  disabled?: boolean;
}) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);

  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  function choose(event: React.ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0] ?? null;
    setFile(chosen);
    setPreview(chosen ? URL.createObjectURL(chosen) : null);
    setProgress(null);
  }

  async function upload() {
    if (!file) {
      toast.error("No file selected", { description: "Please select a file to upload." });
      input.current?.focus();
      return;
    }
    setProgress(0);
    try {
      const url = await uploadFile(file, target, setProgress);
      setProgress(100);
      onUploaded(url);
      toast.success("Upload Successful!", { description: "File uploaded and URL retrieved." });
      setFile(null);
      if (input.current) input.current.value = "";
    } catch (error) {
      setProgress(null);
      const message = error instanceof Error ? error.message : "Upload failed.";
      if (message === "URL Retrieval Failed") toast.error("URL Retrieval Failed", { description: "File uploaded, but could not get public URL." });
      else toast.error("Upload Failed", { description: message });
    }
  }

  const isUploading = progress !== null && progress < 100;
  return (
    <div className="grid gap-2 rounded-lg border border-dashed p-3">
      <Label htmlFor={inputId}>{label}</Label>
      <div className="flex flex-wrap items-center gap-2">
        <input
          ref={input}
          id={inputId}
          type="file"
          accept={ACCEPT[target]}
          onChange={choose}
          disabled={disabled || isUploading}
          className="text-sm file:mr-3 file:rounded-md file:border-0 file:bg-muted file:px-3 file:py-2 file:font-semibold"
        />
        <Button type="button" variant="secondary" size="sm" onClick={upload} disabled={disabled || isUploading}>
          {isUploading ? <Loader2 className="animate-spin" aria-hidden="true" /> : <ImageUp aria-hidden="true" />}
          {isUploading ? "Uploading..." : "Upload"}
        </Button>
      </div>
      {preview && <img src={preview} alt="Preview of the chosen file" className="h-24 w-auto rounded border object-contain" />}
      {progress !== null && (
        <Progress value={progress} aria-label="Upload progress" slim />
      )}
    </div>
  );
}
