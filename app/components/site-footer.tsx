import { useLingui } from "@lingui/react";
import { Link } from "react-router";
import { LanguageSwitcher } from "~/components/i18n/language-switcher";

const STUDIO_ADDRESS = "1200 Vista Lane, Suite 300, Las Vegas, NV 89101";

export function SiteFooter({ siteName, contactEmail }: { siteName: string; contactEmail: string }) {
  const { i18n } = useLingui();
  const year = new Date().getFullYear();
  return (
    <footer className="border-t bg-muted/60">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-3">
        <div className="space-y-2">
          <p className="text-lg font-extrabold">{siteName}</p>
          <p className="text-sm text-muted-foreground">{i18n._("A New Vista Studios Production")}</p>
          <address className="text-sm not-italic text-muted-foreground">{STUDIO_ADDRESS}</address>
          <p className="text-sm">
            {i18n._("Contact:")} <a className="underline underline-offset-2" href={`mailto:${contactEmail}`}>{contactEmail}</a>
          </p>
          <LanguageSwitcher className="-ml-2 flex" />
        </div>
        <nav aria-label={i18n._("Legal")} className="space-y-2">
          <h2 className="text-sm font-bold uppercase tracking-wide">{i18n._("Legal")}</h2>
          <ul className="space-y-1 text-sm">
            <li><Link className="underline-offset-2 hover:underline" to="/terms">{i18n._("Terms of Service")}</Link></li>
            <li><Link className="underline-offset-2 hover:underline" to="/privacy">{i18n._("Privacy Policy")}</Link></li>
          </ul>
        </nav>
        <nav aria-label={i18n._("Help")} className="space-y-2">
          <h2 className="text-sm font-bold uppercase tracking-wide">{i18n._("Help")}</h2>
          <ul className="space-y-1 text-sm">
            <li><Link className="underline-offset-2 hover:underline" to="/hall-of-fame">{i18n._("Hall of Fame")}</Link></li>
            <li><Link className="underline-offset-2 hover:underline" to="/faq">{i18n._("FAQ")}</Link></li>
            <li><Link className="underline-offset-2 hover:underline" to="/contact">{i18n._("Contact Support")}</Link></li>
          </ul>
        </nav>
      </div>
      <p className="border-t py-4 text-center text-xs text-muted-foreground">
        {i18n._("© {year} New Vista Studios. All rights reserved.", { year })}
      </p>
    </footer>
  );
}
