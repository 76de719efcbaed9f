// Who made a change: an admin (by e-mail), an API key (by its name) or the app itself.
export type Actor =
  | { kind: "admin"; id: string; name: string }
  | { kind: "api_key"; id: string; name: string }
  | { kind: "system"; name: string };

export function adminActor(admin: { id: string; email: string }): Actor {
  return { kind: "admin", id: admin.id, name: admin.email };
}

export function apiKeyActor(key: { id: string; name: string; prefix: string }): Actor {
  return { kind: "api_key", id: key.id, name: `${key.name} (${key.prefix})` };
}

/** The admin user id for columns like updated_by_admin_id: null for keys and the system. */
export function adminIdOf(actor: Actor): string | null {
  return actor.kind === "admin" ? actor.id : null;
}
