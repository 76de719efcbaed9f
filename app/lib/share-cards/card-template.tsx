// The share card's layout, as the element tree Satori turns into SVG. Satori is not a
// browser: inline styles only, flex layout, every image sized.
import { CARD_HEIGHT, CARD_WIDTH } from "./card-size";

/** Bump when this layout changes: it is part of every card's hash, so cached cards are replaced. */
export const CARD_TEMPLATE_VERSION = 1;

export type CardDrawing = {
  nickname: string;
  siteName: string;
  brandColor: string;
  /** Black or white, whichever reads on the brand colour. */
  brandForeground: string;
  avatarSrc: string;
  logoSrc: string | null;
  fontFamily: string;
};

const INK = "#172554";
const SOFT_INK = "#334155";

/** The compass of public/brand/logo.svg, without its text (the card writes the site name in its own font). */
function brandMarkSrc(brandColor: string): string {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="48" height="48" viewBox="0 0 48 48">` +
    `<circle cx="24" cy="24" r="20" fill="${brandColor}"/><path d="M24 8 L28 24 L24 40 L20 24 Z" fill="${INK}"/>` +
    `<path d="M8 24 L24 20 L40 24 L24 28 Z" fill="#ffffff" opacity="0.9"/><circle cx="24" cy="24" r="3" fill="${INK}"/></svg>`;
  return `data:image/svg+xml;base64,${btoa(svg)}`;
}

function nicknameSize(nickname: string): number {
  const length = [...nickname].length;
  if (length <= 12) return 80;
  if (length <= 18) return 64;
  return 52;
}

function Logo({ drawing }: { drawing: CardDrawing }) {
  if (drawing.logoSrc) {
    return <img src={drawing.logoSrc} width={420} height={80} style={{ objectFit: "contain", objectPosition: "left center" }} />;
  }
  return (
    <div style={{ display: "flex", alignItems: "center", gap: 16 }}>
      <img src={brandMarkSrc(drawing.brandColor)} width={72} height={72} />
      <div style={{ display: "flex", fontSize: 44, fontWeight: 800, color: INK }}>{drawing.siteName}</div>
    </div>
  );
}

export function shareCardElement(drawing: CardDrawing) {
  return (
    <div
      style={{
        display: "flex",
        boxSizing: "border-box",
        width: CARD_WIDTH,
        height: CARD_HEIGHT,
        padding: 36,
        backgroundColor: drawing.brandColor,
        fontFamily: drawing.fontFamily,
      }}
    >
      <div
        style={{
          display: "flex",
          flexDirection: "column",
          justifyContent: "space-between",
          flexGrow: 1,
          padding: "44px 56px",
          borderRadius: 36,
          backgroundColor: "#ffffff",
        }}
      >
        <Logo drawing={drawing} />
        <div style={{ display: "flex", alignItems: "center", gap: 48 }}>
          <div style={{ display: "flex", padding: 10, borderRadius: 140, backgroundColor: drawing.brandColor }}>
            <img src={drawing.avatarSrc} width={240} height={240} style={{ borderRadius: 120 }} />
          </div>
          <div style={{ display: "flex", flexDirection: "column", width: 680, gap: 8 }}>
            <div style={{ display: "flex", fontSize: nicknameSize(drawing.nickname), fontWeight: 800, color: INK, wordBreak: "break-all", lineClamp: 2 }}>
              {drawing.nickname}
            </div>
            <div style={{ display: "flex", fontSize: 44, fontWeight: 700, color: SOFT_INK, lineClamp: 2 }}>
              {`invites you to join the ${drawing.siteName}`}
            </div>
          </div>
        </div>
        <div style={{ display: "flex" }}>
          <div
            style={{
              display: "flex",
              padding: "14px 28px",
              borderRadius: 999,
              fontSize: 30,
              fontWeight: 800,
              backgroundColor: drawing.brandColor,
              color: drawing.brandForeground,
            }}
          >
            Join with my link and we both earn bonus points
          </div>
        </div>
      </div>
    </div>
  );
}
