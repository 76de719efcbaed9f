import MailChecker from "mailchecker";

export const THROWAWAY_ADDRESS_MESSAGE = /*i18n*/ "Please use an e-mail address you'll keep — we send prizes there.";

// The maintained list of disposable-mail domains (mailchecker), read once per process.
const disposableDomains = MailChecker.blacklist();

export type DomainLists = { blocked: readonly string[]; allowed: readonly string[] };

/** The domain and each parent: "a.b.example.com" → "a.b.example.com", "b.example.com", "example.com". */
function domainAndParents(domain: string): string[] {
  const labels = domain.split(".");
  return labels.slice(0, -1).map((_, index) => labels.slice(index).join("."));
}

/** Whether the maintained list (alone) calls the address's domain throwaway. */
export function isOnThrowawayList(email: string): boolean {
  const domain = email.slice(email.lastIndexOf("@") + 1).trim().toLowerCase();
  return domainAndParents(domain).some((candidate) => disposableDomains.has(candidate));
}

/**
 * Whether an address is at a throwaway domain: the admin's allow list wins, then the
 * admin's block list, then the maintained list. Subdomains count as their domain.
 */
export function isThrowawayAddress(email: string, lists: DomainLists): boolean {
  const domain = email.slice(email.lastIndexOf("@") + 1).trim().toLowerCase();
  const candidates = domainAndParents(domain);
  if (candidates.some((candidate) => lists.allowed.includes(candidate))) return false;
  return candidates.some((candidate) => lists.blocked.includes(candidate) || disposableDomains.has(candidate));
}
