// How the trailer component plays a URL (spec §7): YouTube and Vimeo become embedded
// players controlled with postMessage; anything else plays in a <video> element.

export type VideoSource =
  | { kind: "youtube"; id: string; embedUrl: string; watchUrl: string }
  | { kind: "vimeo"; id: string; embedUrl: string; watchUrl: string }
  | { kind: "file"; src: string };

export const VIDEO_CHANNEL_URL = "https://www.youtube.com/@NewVistaStudios";
export const FULL_EPISODE_URL = `${VIDEO_CHANNEL_URL}/videos`;
export const SUBSCRIBE_URL = `${VIDEO_CHANNEL_URL}?sub_confirmation=1`;

const YOUTUBE_ID = /^[\w-]{11}$/;
const YOUTUBE_HOSTS = new Set(["youtube.com", "www.youtube.com", "m.youtube.com", "music.youtube.com", "youtube-nocookie.com", "www.youtube-nocookie.com"]);

function youtubeId(url: URL): string | null {
  const host = url.hostname.toLowerCase();
  let candidate: string | null | undefined = null;
  if (host === "youtu.be") candidate = url.pathname.slice(1).split("/")[0];
  else if (YOUTUBE_HOSTS.has(host)) {
    if (url.pathname === "/watch") candidate = url.searchParams.get("v");
    else {
      const [, kind, id] = url.pathname.split("/");
      if (kind === "embed" || kind === "shorts" || kind === "live" || kind === "v") candidate = id;
    }
  }
  return candidate && YOUTUBE_ID.test(candidate) ? candidate : null;
}

function vimeoId(url: URL): string | null {
  const host = url.hostname.toLowerCase();
  if (host !== "vimeo.com" && host !== "www.vimeo.com" && host !== "player.vimeo.com") return null;
  const id = url.pathname.split("/").find((segment) => /^\d{5,12}$/.test(segment));
  return id ?? null;
}

/** The player for `raw`, or null when it is missing or not a usable URL. */
export function parseVideoUrl(raw: string | null | undefined): VideoSource | null {
  const value = raw?.trim();
  if (!value) return null;
  if (value.startsWith("/") && !value.startsWith("//")) return { kind: "file", src: value };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  const youtube = youtubeId(url);
  if (youtube) {
    return {
      kind: "youtube",
      id: youtube,
      embedUrl: `https://www.youtube-nocookie.com/embed/${youtube}?enablejsapi=1&rel=0&playsinline=1&autoplay=1`,
      watchUrl: `https://www.youtube.com/watch?v=${youtube}`,
    };
  }
  const vimeo = vimeoId(url);
  if (vimeo) {
    return {
      kind: "vimeo",
      id: vimeo,
      embedUrl: `https://player.vimeo.com/video/${vimeo}?autoplay=1&playsinline=1&dnt=1`,
      watchUrl: `https://vimeo.com/${vimeo}`,
    };
  }
  // A page of a video site that names no video cannot play in a <video> element.
  const host = url.hostname.toLowerCase();
  if (YOUTUBE_HOSTS.has(host) || host === "youtu.be" || host.endsWith("vimeo.com")) return null;
  return { kind: "file", src: url.toString() };
}

/** The postMessage payload that asks an embedded player to play, pause, mute or unmute. */
export function playerCommand(kind: "youtube" | "vimeo", command: "play" | "pause" | "mute" | "unmute"): string {
  if (kind === "youtube") {
    const func = { play: "playVideo", pause: "pauseVideo", mute: "mute", unmute: "unMute" }[command];
    return JSON.stringify({ event: "command", func, args: [] });
  }
  if (command === "mute" || command === "unmute") return JSON.stringify({ method: "setVolume", value: command === "mute" ? 0 : 1 });
  return JSON.stringify({ method: command });
}
