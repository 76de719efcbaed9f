/**
 * The home hero's night sky, drawn here (no request, nothing for assistive technology):
 * stars, a cloud and the islands on the horizon under the crew's airship in the trailer.
 * It keeps to the edges and the bottom, where no text sits, so the contrast is unchanged.
 */
export function HeroBackdrop() {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      className="pointer-events-none absolute inset-0 h-full w-full"
      viewBox="0 0 1440 640"
      preserveAspectRatio="xMidYMax slice"
    >
      <g fill="#fde68a" opacity="0.75">
        <path d="M90 90l6 14 14 6-14 6-6 14-6-14-14-6 14-6z" />
        <path d="M1320 70l5 11 11 5-11 5-5 11-5-11-11-5 11-5z" />
        <path d="M700 40l4 9 9 4-9 4-4 9-4-9-9-4 9-4z" />
        <circle cx="260" cy="60" r="3" />
        <circle cx="1180" cy="150" r="3" />
        <circle cx="980" cy="50" r="2.5" />
        <circle cx="420" cy="130" r="2" />
        <circle cx="1390" cy="240" r="2.5" />
      </g>
      <g fill="#ffffff" opacity="0.12">
        <path d="M1160 300a34 34 0 0 1 60-22 44 44 0 0 1 82 14 30 30 0 0 1 2 58h-128a26 26 0 0 1-16-50z" />
      </g>
      <g>
        <path d="M0 600q120-70 260-40t250 10q150-60 300-10t330 0q160-40 300 10v70H0z" fill="#172554" />
        <path d="M0 640v-30q180-50 360-10t340 0q190-40 380 0t360-10v50z" fill="#0b1538" />
        <path d="M180 575q20-50 50-12 18-28 34 6z" fill="#15803d" opacity="0.8" />
        <path d="M980 560q26-60 60-12 22-30 40 8z" fill="#15803d" opacity="0.8" />
      </g>
    </svg>
  );
}
