import { Link } from "react-router";

const STUDIO_ADDRESS = "1200 Vista Lane, Suite 300, Las Vegas, NV 89101";

export function SiteFooter({ siteName, contactEmail }: { siteName: string; contactEmail: string }) {
  const year = new Date().getFullYear();
  return (
    <footer className="border-t bg-muted/60">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-3">
        <div className="space-y-2">
          <p className="text-lg font-extrabold">{siteName}</p>
          <p className="text-sm text-muted-foreground">A New Vista Studios Production</p>
          <address className="text-sm not-italic text-muted-foreground">{STUDIO_ADDRESS}</address>
          <p className="text-sm">
            Contact: <a className="underline underline-offset-2" href={`mailto:${contactEmail}`}>{contactEmail}</a>
          </p>
        </div>
        <nav aria-label="Legal" className="space-y-2">
          <h2 className="text-sm font-bold uppercase tracking-wide">Legal</h2>
          <ul className="space-y-1 text-sm">
            <li><Link className="underline-offset-2 hover:underline" to="/terms">Terms of Service</Link></li>
            <li><Link className="underline-offset-2 hover:underline" to="/privacy">Privacy Policy</Link></li>
          </ul>
        </nav>
        <nav aria-label="Help" className="space-y-2">
          <h2 className="text-sm font-bold uppercase tracking-wide">Help</h2>
          <ul className="space-y-1 text-sm">
            <li><Link className="underline-offset-2 hover:underline" to="/hall-of-fame">Hall of Fame</Link></li>
            <li><Link className="underline-offset-2 hover:underline" to="/faq">FAQ</Link></li>
            <li><Link className="underline-offset-2 hover:underline" to="/contact">Contact Support</Link></li>
          </ul>
        </nav>
      </div>
      <p className="border-t py-4 text-center text-xs text-muted-foreground">
        © {year} New Vista Studios. All rights reserved.
      </p>
    </footer>
  );
}
