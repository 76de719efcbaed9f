import type { I18n } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { Maximize, Minimize, Pause, Play, Volume2, VolumeX } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { preload } from "react-dom";
import { toast } from "~/components/ui/toast";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/utils";
import { FULL_EPISODE_URL, parseVideoUrl, playerCommand, SUBSCRIBE_URL } from "~/lib/video";

type TrailerViewResult = { credited: boolean; failed?: boolean };

/**
 * Tells the server about the first play; it credits +5 once per member (spec §4).
 * A plain fetch: the credit changes nothing on this page, so no loader revalidates.
 */
async function reportFirstPlay(i18n: I18n) {
  let result: TrailerViewResult;
  try {
    const response = await fetch("/api/trailer-view", { method: "POST", credentials: "same-origin" });
    result = (await response.json()) as TrailerViewResult;
  } catch {
    result = { credited: false, failed: true };
  }
  if (result.credited) toast.success(i18n._("Achievement Unlocked!"), { description: i18n._("Watched the trailer! (+5 Points)") });
  else if (result.failed) toast.error(i18n._("Oops!"), { description: i18n._("Couldn't save your trailer view progress.") });
}

export function TrailerPlayer({ videoUrl, thumbnailUrl, title, className, creditsViews = true }: {
  videoUrl: string;
  thumbnailUrl: string | null;
  title: string;
  className?: string;
  /** Off for admin previews: only visitors' first plays earn points. */
  creditsViews?: boolean;
}) {
  const { i18n } = useLingui();
  const source = parseVideoUrl(videoUrl);
  // The poster is the page's largest picture: fetched early, from the document's <head>.
  if (thumbnailUrl && creditsViews) preload(thumbnailUrl, { as: "image", fetchPriority: "high" });
  const container = useRef<HTMLDivElement>(null);
  const video = useRef<HTMLVideoElement>(null);
  const frame = useRef<HTMLIFrameElement>(null);
  const [hasStarted, setHasStarted] = useState(false);
  const [isPlaying, setIsPlaying] = useState(false);
  const [isMuted, setIsMuted] = useState(false);
  const [isFullscreen, setIsFullscreen] = useState(false);

  useEffect(() => {
    const onChange = () => setIsFullscreen(document.fullscreenElement === container.current);
    document.addEventListener("fullscreenchange", onChange);
    return () => document.removeEventListener("fullscreenchange", onChange);
  }, []);

  if (!source) {
    return (
      <div role="status" className={cn("flex aspect-video items-center justify-center rounded-2xl bg-muted p-6 text-center font-semibold text-muted-foreground", className)}>
        {i18n._("Video loading or URL is invalid.")}
      </div>
    );
  }

  function send(command: "play" | "pause" | "mute" | "unmute") {
    if (source?.kind === "file") {
      const element = video.current;
      if (!element) return;
      if (command === "play") void element.play().catch(() => setIsPlaying(false));
      if (command === "pause") element.pause();
      if (command === "mute" || command === "unmute") element.muted = command === "mute";
      return;
    }
    if (source) frame.current?.contentWindow?.postMessage(playerCommand(source.kind, command), "*");
  }

  function start() {
    setHasStarted(true);
    setIsPlaying(true);
    if (creditsViews) void reportFirstPlay(i18n);
    // An embed starts itself (autoplay after this click); a file is told to play.
    if (source?.kind === "file") requestAnimationFrame(() => send("play"));
  }

  function togglePlay() {
    send(isPlaying ? "pause" : "play");
    setIsPlaying(!isPlaying);
  }

  function toggleMute() {
    send(isMuted ? "unmute" : "mute");
    setIsMuted(!isMuted);
  }

  async function toggleFullscreen() {
    try {
      if (document.fullscreenElement) await document.exitFullscreen();
      else await container.current?.requestFullscreen();
    } catch (error) {
      const failure = error instanceof Error ? error : new Error(String(error));
      window.alert(i18n._("Fullscreen failed: {message} ({name})", { message: failure.message, name: failure.name }));
    }
  }

  return (
    <div className={cn("space-y-3", className)}>
      {/* The fullscreen element holds the picture and our controls, so both stay usable there. */}
      <div
        ref={container}
        data-slot="trailer-stage"
        data-fullscreen={isFullscreen}
        className="group space-y-3 data-[fullscreen=true]:flex data-[fullscreen=true]:flex-col data-[fullscreen=true]:bg-black data-[fullscreen=true]:p-4"
      >
        <div
          className="relative aspect-video overflow-hidden rounded-2xl bg-black shadow-lg group-data-[fullscreen=true]:aspect-auto group-data-[fullscreen=true]:min-h-0 group-data-[fullscreen=true]:flex-1 group-data-[fullscreen=true]:rounded-none group-data-[fullscreen=true]:shadow-none"
          data-testid="trailer-player"
        >
          {source.kind === "file" ? (
            <video
              ref={video}
              src={source.src}
              poster={thumbnailUrl ?? undefined}
              className="h-full w-full"
              playsInline
              preload="metadata"
              onPlay={() => setIsPlaying(true)}
              onPause={() => setIsPlaying(false)}
              aria-label={title}
            />
          ) : hasStarted ? (
            <iframe
              ref={frame}
              src={source.embedUrl}
              title={title}
              className="h-full w-full"
              allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
              allowFullScreen
              referrerPolicy="strict-origin-when-cross-origin"
            />
          ) : (
            thumbnailUrl && <img src={thumbnailUrl} alt="" width={1280} height={720} className="h-full w-full object-cover" />
          )}
          {!hasStarted && (
            <button
              type="button"
              onClick={start}
              className="absolute inset-0 flex items-center justify-center bg-black/30 transition-colors hover:bg-black/20 focus-visible:outline-4 focus-visible:-outline-offset-4 focus-visible:outline-primary"
              aria-label={i18n._("Play {title}", { title })}
            >
              <span className="flex size-20 items-center justify-center rounded-full bg-primary text-primary-foreground shadow-xl sm:size-24">
                <Play className="ml-1 size-10 fill-current" aria-hidden="true" />
              </span>
            </button>
          )}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Button type="button" variant="outline" size="sm" onClick={togglePlay} disabled={!hasStarted} aria-label={isPlaying ? i18n._("Pause") : i18n._("Play")}>
            {isPlaying ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
            {isPlaying ? i18n._("Pause") : i18n._("Play")}
          </Button>
          <Button type="button" variant="outline" size="sm" onClick={toggleMute} disabled={!hasStarted} aria-label={isMuted ? i18n._("Unmute") : i18n._("Mute")}>
            {isMuted ? <VolumeX aria-hidden="true" /> : <Volume2 aria-hidden="true" />}
            {isMuted ? i18n._("Unmute") : i18n._("Mute")}
          </Button>
          <Button type="button" variant="outline" size="sm" onClick={toggleFullscreen} aria-label={isFullscreen ? i18n._("Exit fullscreen") : i18n._("Fullscreen")}>
            {isFullscreen ? <Minimize aria-hidden="true" /> : <Maximize aria-hidden="true" />}
            {isFullscreen ? i18n._("Exit fullscreen") : i18n._("Fullscreen")}
          </Button>
          <div className="ml-auto flex flex-wrap gap-2">
            <Button asChild size="sm" variant="secondary">
              <a href={FULL_EPISODE_URL} target="_blank" rel="noopener noreferrer">{i18n._("Watch Full Episode")}</a>
            </Button>
            <Button asChild size="sm">
              <a href={SUBSCRIBE_URL} target="_blank" rel="noopener noreferrer">{i18n._("Subscribe")}</a>
            </Button>
          </div>
        </div>
      </div>
    </div>
  );
}
