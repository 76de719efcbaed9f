import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { crewNameOf, FORMER_CREW_MEMBER, publicNameOf } from "./crew-name";
import { CREW_ADJECTIVES, CREW_NOUNS, CREW_NUMBER_MAX } from "./crew-words";

const NAME = /^([A-Z][a-z]+) ([A-Z][a-z]+) ([1-9][0-9]?)$/;

// Whole words a children's site must never show, and fragments that must appear in no word.
const DENIED_WORDS = [
  "dumb", "stupid", "idiot", "fat", "ugly", "smelly", "stinky", "lazy", "slow", "weird", "crazy", "loser", "fool", "nerd",
  "baby", "sexy", "hot", "dead", "kill", "killer", "blood", "ghost", "zombie", "monster", "demon", "devil", "skull", "scary",
  "pig", "cow", "donkey", "rat", "snake", "weasel", "chicken", "goose", "worm", "toad", "slug", "skunk", "vulture", "hyena",
  "shark", "wolf", "bat", "spider", "sloth", "ape", "monkey", "turkey", "bird", "dog", "dragon", "silly", "tiny", "chubby", "sleepy", "wild",
];
const DENIED_FRAGMENTS = ["ass", "butt", "poo", "pee", "fart", "sex", "tit", "cock", "dick", "cum", "fag", "nig", "hell", "damn", "die", "kill", "gun", "war", "fat"];

describe("crew names", () => {
  it("are an adjective, a noun and a number from 1 to 99, from the lists only", () => {
    for (let i = 0; i < 2000; i += 1) {
      const [, adjective, noun, number] = crewNameOf(randomUUID(), i % 5).match(NAME) ?? [];
      expect(CREW_ADJECTIVES).toContain(adjective);
      expect(CREW_NOUNS).toContain(noun);
      expect(Number(number)).toBeGreaterThanOrEqual(1);
      expect(Number(number)).toBeLessThanOrEqual(CREW_NUMBER_MAX);
    }
  });

  it("are the same for the same member and roll, and change with a re-roll", () => {
    const id = "3f0c8a52-6d1e-4b7a-9c3e-2a1b0c9d8e7f";
    expect(crewNameOf(id, 0)).toBe(crewNameOf(id, 0));
    expect(crewNameOf(id.toUpperCase(), 0)).toBe(crewNameOf(id, 0));
    const rolls = new Set(Array.from({ length: 20 }, (_, roll) => crewNameOf(id, roll)));
    expect(rolls.size).toBeGreaterThan(18);
    expect(crewNameOf(id, 1)).not.toBe(crewNameOf(id, 0));
  });

  it("spread over the lists: every adjective, noun and number turns up", () => {
    const adjectives = new Set<string>();
    const nouns = new Set<string>();
    const numbers = new Set<string>();
    for (let i = 0; i < 20_000; i += 1) {
      const [, adjective, noun, number] = crewNameOf(randomUUID(), 0).match(NAME)!;
      adjectives.add(adjective!);
      nouns.add(noun!);
      numbers.add(number!);
    }
    expect(adjectives.size).toBe(CREW_ADJECTIVES.length);
    expect(nouns.size).toBe(CREW_NOUNS.length);
    expect(numbers.size).toBe(CREW_NUMBER_MAX);
  });

  it("names a member who has left as a former crew member", () => {
    expect(publicNameOf({ memberId: null, roll: null })).toBe(FORMER_CREW_MEMBER);
    expect(publicNameOf({ memberId: "3f0c8a52-6d1e-4b7a-9c3e-2a1b0c9d8e7f", roll: 2 })).toBe(crewNameOf("3f0c8a52-6d1e-4b7a-9c3e-2a1b0c9d8e7f", 2));
  });
});

describe("the crew word lists", () => {
  it("have no duplicates and only single capitalised words", () => {
    for (const list of [CREW_ADJECTIVES, CREW_NOUNS]) {
      expect(new Set(list.map((word) => word.toLowerCase())).size).toBe(list.length);
      for (const word of list) expect(word).toMatch(/^[A-Z][a-z]+$/);
    }
    expect(CREW_ADJECTIVES.filter((word) => (CREW_NOUNS as readonly string[]).includes(word))).toEqual([]);
  });

  it("hold nothing rude, scary or unkind (a denylist check)", () => {
    const words = [...CREW_ADJECTIVES, ...CREW_NOUNS].map((word) => word.toLowerCase());
    expect(words.filter((word) => DENIED_WORDS.includes(word))).toEqual([]);
    expect(words.filter((word) => DENIED_FRAGMENTS.some((fragment) => word.includes(fragment)))).toEqual([]);
  });
});
