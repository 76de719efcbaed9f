// The person behind an address, so one person is one member: "Ada+win@Example.com" and
// "ada@example.com" are the same inbox, and so are "a.da@gmail.com" and
// "ada@googlemail.com". The migration that added email_identity uses the same rule in SQL.
const GMAIL_DOMAINS = new Set(["gmail.com", "googlemail.com"]);

export function emailIdentity(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf("@");
  if (at < 0) return address;
  const fullLocal = address.slice(0, at);
  const domain = address.slice(at + 1);
  const local = fullLocal.split("+")[0] || fullLocal;
  return GMAIL_DOMAINS.has(domain) ? `${local.replaceAll(".", "")}@gmail.com` : `${local}@${domain}`;
}
