// Demo and test data shared by the seed and the test suites.

export const SEEDED_ADMIN_EMAIL = "admin@example.com";

export const DEMO_SETTINGS = {
  homepageVideoUrl: "/media/trailer.webm",
  homepageVideoThumbnailUrl: "/images/trailer-poster.svg",
  socialSharingOgTitle: "Vista Crew: join the adventure",
  socialSharingOgDescription: "Join the waitlist for the new animated series, earn points and win monthly prizes.",
  socialSharingLinks: {
    facebook: "https://www.facebook.com/vistacrew",
    twitter: "https://x.com/vistacrew",
    instagram: "https://www.instagram.com/vistacrew",
    linkedin: "https://www.linkedin.com/company/vistacrew",
  },
};

export const DEMO_PRODUCTS = [
  {
    name: "Crew Logo T-Shirt",
    description: "Soft organic cotton tee with the Vista Crew compass on the front. Kids' and adult sizes.",
    price: 24.99,
    imageUrl: "/images/products/t-shirt.svg",
    purchaseLink: "https://shop.vistacrew.example/t-shirt",
  },
  {
    name: "Sticker & Decal Pack",
    description: "Twelve waterproof decals of the whole crew for bottles, bikes and school folders.",
    price: 7.5,
    imageUrl: "/images/products/decals.svg",
    purchaseLink: "https://shop.vistacrew.example/decals",
  },
  {
    name: "Explorer Cap",
    description: "Adjustable cap with an embroidered Vista Crew badge. Ready for every expedition.",
    price: 19,
    imageUrl: null,
    purchaseLink: "https://shop.vistacrew.example/cap",
  },
  {
    name: "Star Map Poster",
    description: "",
    price: 14.99,
    imageUrl: null,
    purchaseLink: null,
  },
];

type DemoMember = {
  email: string;
  referralCode: string;
  referredBy?: string;
  confirmedEmail: boolean;
  hasViewedTrailer: boolean;
  tags: string[];
  joinedDaysAgo: number;
  device: "desktop" | "mobile" | "tablet";
  country: string;
};

// Declared in join order: a referrer always comes before the members it referred.
export const DEMO_MEMBERS: DemoMember[] = [
  { email: "captain.nova@example.com", referralCode: "6avtwqqdvpes", confirmedEmail: true, hasViewedTrailer: true, tags: ["superfan"], joinedDaysAgo: 45, device: "desktop", country: "US" },
  { email: "pixel.pilot@example.com", referralCode: "vqy8rfku0l1y", referredBy: "captain.nova@example.com", confirmedEmail: true, hasViewedTrailer: false, tags: [], joinedDaysAgo: 40, device: "mobile", country: "CA" },
  { email: "star.sketcher@example.com", referralCode: "y92v4nw8biz5", referredBy: "captain.nova@example.com", confirmedEmail: false, hasViewedTrailer: true, tags: ["artist"], joinedDaysAgo: 20, device: "tablet", country: "GB" },
  { email: "comet.kid@example.com", referralCode: "h1c8wk44o53b", referredBy: "captain.nova@example.com", confirmedEmail: false, hasViewedTrailer: false, tags: [], joinedDaysAgo: 12, device: "mobile", country: "US" },
  { email: "moonbeam.maker@example.com", referralCode: "xqgrdgiylwy0", referredBy: "pixel.pilot@example.com", confirmedEmail: true, hasViewedTrailer: false, tags: ["parent"], joinedDaysAgo: 6, device: "desktop", country: "AU" },
  { email: "orbit.otter@example.com", referralCode: "7lauah33ww0b", confirmedEmail: false, hasViewedTrailer: true, tags: [], joinedDaysAgo: 2, device: "mobile", country: "US" },
];

/** A visitor at or over the consent age who consented to the first privacy notice (ADR 0041). */
export const SELF_CONSENT = { ageBand: "consent_age_or_over", method: "self", noticeVersion: 1 } as const;

/** The age question answered by a grown-up (ADR 0041): what a join form post carries besides the address. */
export const ADULT_BIRTH = { birthMonth: "4", birthYear: "1990" } as const;
