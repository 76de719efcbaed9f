// The words crew names are made of (ADR 0042). Reviewed for a children's site: every
// adjective is kind, every noun a friendly animal or a space or adventure thing, and no
// pairing of the two reads as an insult (no animals used as insults, nothing about looks,
// size, brains or fear). Add words only after the same review; crew-name.test.ts checks
// the lists against a denylist and for duplicates. Changing or reordering a list renames
// members: append only.

export const CREW_ADJECTIVES = [
  "Brave", "Bright", "Bouncy", "Breezy", "Bubbly", "Calm", "Cheerful", "Clever",
  "Cosmic", "Cozy", "Curious", "Dazzling", "Daring", "Eager", "Friendly", "Gentle",
  "Glowing", "Golden", "Happy", "Helpful", "Jolly", "Joyful", "Kind", "Lively",
  "Lucky", "Merry", "Mighty", "Nimble", "Peppy", "Plucky", "Quick", "Radiant",
  "Shiny", "Snappy", "Sparkly", "Zesty", "Starry", "Steady", "Sunny", "Swift",
  "Trusty", "Twinkly", "Zippy", "Bold", "Keen", "Noble", "Patient", "Playful",
] as const;

export const CREW_NOUNS = [
  "Otter", "Panda", "Koala", "Penguin", "Dolphin", "Fox", "Owl", "Rabbit",
  "Turtle", "Lion", "Puffin", "Seal", "Hedgehog", "Squirrel", "Beaver", "Falcon",
  "Eagle", "Robin", "Parrot", "Kitten", "Puppy", "Pony", "Unicorn", "Tiger",
  "Comet", "Rocket", "Star", "Planet", "Moon", "Meteor", "Nebula", "Galaxy",
  "Astronaut", "Explorer", "Voyager", "Pilot", "Captain", "Ranger", "Navigator", "Sailor",
  "Telescope", "Lantern", "Kite", "Balloon", "Canoe", "Glider", "Orbiter", "Satellite",
] as const;

/** Crew numbers run from 1 to this. */
export const CREW_NUMBER_MAX = 99;
