export * from "./auth";
export * from "./catalog";
export * from "./content";
export * from "./ops";
export * from "./waitlist";
