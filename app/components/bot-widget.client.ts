// The ALTCHA widget, loaded only in the browser and bundled by Vite with the rest of our
// code: no CDN, and nothing it does leaves our origin (ADR 0013). "altcha/external" is
// the build without inline workers, so its one worker is a file Vite emits under
// /assets and the page's CSP (worker-src falls back to script-src 'self') allows it as is.
import "altcha/external";
import Pbkdf2Worker from "altcha/workers/pbkdf2?worker";
import { BOT_CHALLENGE_ALGORITHM } from "~/lib/security/bot-challenge";

globalThis.$altcha.algorithms.set(BOT_CHALLENGE_ALGORITHM, () => new Pbkdf2Worker());
globalThis.$altcha.defaults.set({
  // Never shown: our forms hide it and wait for it themselves.
  display: "invisible",
  hideFooter: true,
  hideLogo: true,
  minDuration: 0,
  // No pointer and scroll recording (only ALTCHA's hosted service would read it).
  humanInteractionSignature: false,
  // A solve takes a fraction of a second; more workers only cost start-up time.
  workers: Math.min(4, navigator.hardwareConcurrency || 1),
});
