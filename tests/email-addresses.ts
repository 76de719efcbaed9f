/** Addresses and whether the one rule accepts them (the rule Better Auth's sign-in applies). */
export const EMAIL_TABLE: ReadonlyArray<readonly [string, boolean]> = [
  ["ada@example.com", true],
  ["  Ada.Lovelace+crew@Example.CO.uk  ", true],
  ["o'brien@example.ie", true],
  ["first_last-1@sub.example.org", true],
  ["josé@example.com", false],
  ["kid@school.c", false],
  ["first..last@example.com", false],
  [".dot@example.com", false],
  ["dot.@example.com", false],
  ["no-at-sign.example.com", false],
  ["two@@example.com", false],
  ["space in@example.com", false],
  ["ada@localhost", false],
  ["ada@-example.com", false],
  ["ada@example", false],
  [`${"a".repeat(64)}@${"b".repeat(186)}.com`, false], // 255 characters
];
