import { describe, expect, it } from "vitest";
import { parseVideoUrl, playerCommand } from "./video";

describe("parseVideoUrl", () => {
  it("turns YouTube links of every shape into the privacy-friendly embed", () => {
    for (const url of [
      "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
      "https://youtu.be/dQw4w9WgXcQ?t=3",
      "https://www.youtube.com/embed/dQw4w9WgXcQ",
      "https://youtube.com/shorts/dQw4w9WgXcQ",
    ]) {
      const source = parseVideoUrl(url);
      expect(source).toMatchObject({ kind: "youtube", id: "dQw4w9WgXcQ" });
      expect(source?.kind === "youtube" && source.embedUrl).toMatch(/^https:\/\/www\.youtube-nocookie\.com\/embed\/dQw4w9WgXcQ\?/);
    }
  });

  it("turns Vimeo links into the Vimeo player", () => {
    expect(parseVideoUrl("https://vimeo.com/76979871")).toMatchObject({ kind: "vimeo", id: "76979871" });
    expect(parseVideoUrl("https://player.vimeo.com/video/76979871")).toMatchObject({ kind: "vimeo", id: "76979871" });
  });

  it("plays anything else as a plain video, including site paths", () => {
    expect(parseVideoUrl("https://cdn.example.com/trailer.mp4")).toEqual({ kind: "file", src: "https://cdn.example.com/trailer.mp4" });
    expect(parseVideoUrl("/media/trailer.webm")).toEqual({ kind: "file", src: "/media/trailer.webm" });
  });

  it("rejects missing and invalid URLs", () => {
    const invalid = [undefined, null, "", "   ", "not a url", "javascript:alert(1)", "//evil.example/x.mp4"];
    for (const url of invalid) expect(parseVideoUrl(url)).toBeNull();
  });

  it("rejects video-site pages that name no video", () => {
    expect(parseVideoUrl("https://www.youtube.com/watch?v=short")).toBeNull();
    expect(parseVideoUrl("https://vimeo.com/channels/staffpicks")).toBeNull();
  });
});

describe("playerCommand", () => {
  it("speaks each player's postMessage protocol", () => {
    expect(JSON.parse(playerCommand("youtube", "pause"))).toEqual({ event: "command", func: "pauseVideo", args: [] });
    expect(JSON.parse(playerCommand("vimeo", "play"))).toEqual({ method: "play" });
    expect(JSON.parse(playerCommand("vimeo", "mute"))).toEqual({ method: "setVolume", value: 0 });
  });
});
