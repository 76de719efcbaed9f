import type { I18n } from "@lingui/core";
import { useLingui } from "@lingui/react";
import type { ChromeHandle } from "~/lib/route-chrome";
import { HelpCircle } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/faq";
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from "~/components/ui/accordion";
import { Button } from "~/components/ui/button";
import { getEnv } from "~/kernel/env.server";
import { pageTranslation } from "~/lib/i18n/catalogs.server";
import { siteNameFrom } from "~/lib/site-name";

// Nothing here needs a script: the page ships no JavaScript (ADR 0024).
export const handle: ChromeHandle = { hydrate: false };

export const meta: Route.MetaFunction = ({ data, matches }) => [
  { title: `${data?.meta.title ?? ""} | ${siteNameFrom(matches)}` },
  { name: "description", content: data?.meta.description ?? "" },
];

export function loader({ request }: Route.LoaderArgs) {
  const { i18n, messages } = pageTranslation(request, "faq");
  const meta = {
    title: i18n._("Frequently Asked Questions"),
    description: i18n._("How the {siteName} waitlist, referrals, points and monthly prizes work, and what we do with your e-mail.", { siteName: getEnv().SITE_NAME }),
  };
  return { meta, messages };
}

function questions(siteName: string, i18n: I18n) {
  return [
    {
      id: "series",
      question: i18n._("What is {siteName}?", { siteName }),
      answer: i18n._(
        "{siteName} is a new animated series from New Vista Studios about four friends who sail a patched-up airship across a map with a hole in the middle. Every episode is a new island, a new puzzle and a lot of teamwork. It's made for kids aged 6 to 12 and the grown-ups who watch with them.",
        { siteName },
      ),
    },
    {
      id: "join",
      question: i18n._("How do I join the waitlist?"),
      answer: i18n._("Type your e-mail address into the form on the home page or the Join the Waitlist page and press Join the Crew. That's it! You'll get a welcome e-mail with your own referral link and a button to confirm your address. For younger crew members the form asks for a parent's or guardian's OK when it is needed."),
    },
    {
      id: "benefits",
      question: i18n._("What do I get for joining?"),
      answer: i18n._("Crew members get exclusive updates (character reveals, sketches and news before anyone else), a chance to win monthly giveaways like T-shirts and decal packs, and the top of the leaderboard may get early access to the first episodes."),
    },
    {
      id: "referrals",
      question: i18n._("How do referrals work?"),
      answer: i18n._("After you join you get a personal link. When a friend opens it and joins the waitlist, you earn 10 points and your friend starts with 5 bonus points. You can share the link by copying it or with the Facebook, X, LinkedIn and e-mail buttons on your thank-you page. Each friend counts once, and joining again with the same address doesn't earn extra points."),
    },
    {
      id: "prizes",
      question: i18n._("What can I win, and how are winners chosen?"),
      answer: i18n._("Each calendar month is a season: the points you earn that month count on the leaderboard's \"This month\" tab. When the month ends, the top crew members win prizes such as an Early Access Pass, T-shirts, decal packs and exclusive digital content (the Rewards page shows which places win what). Winners are contacted by e-mail, a parent confirms the shipping address, and every season's winners are listed in the Hall of Fame."),
    },
    {
      id: "release",
      question: i18n._("When does the series come out?"),
      answer: i18n._("We're putting the finishing touches on the first season right now. The release date will be announced to the crew first, by e-mail, so joining the waitlist is the best way to hear it before everyone else."),
    },
    {
      id: "privacy",
      question: i18n._("What do you do with my e-mail address?"),
      answer: i18n._("We use it only to send you news about the series, your referral link and prize notifications. We never sell it or share it with advertisers, the leaderboard never shows it or any part of it (you appear there by a crew name like \"Brave Otter 42\"), and you can ask us to delete it at any time. Our Privacy Policy has all the details."),
    },
  ];
}

export default function Faq({ matches }: Route.ComponentProps) {
  const siteName = siteNameFrom(matches);
  const { i18n } = useLingui();
  return (
    <main className="mx-auto w-full max-w-3xl flex-1 px-4 py-12">
      <div className="text-center">
        <HelpCircle className="mx-auto size-12 text-primary" aria-hidden="true" />
        <h1 className="mt-2 text-4xl font-extrabold">{i18n._("Frequently Asked Questions")}</h1>
        <p className="mt-3 text-lg text-muted-foreground">{i18n._("Everything crew members and their grown-ups ask us most.")}</p>
      </div>
      <Accordion className="mt-10 rounded-2xl border bg-card px-6">
        {questions(siteName, i18n).map((item) => (
          <AccordionItem key={item.id} id={item.id} name="faq">
            <AccordionTrigger>{item.question}</AccordionTrigger>
            <AccordionContent>{item.answer}</AccordionContent>
          </AccordionItem>
        ))}
      </Accordion>
      <section aria-labelledby="more-questions" className="mt-10 rounded-2xl bg-muted p-6 text-center">
        <h2 id="more-questions" className="text-2xl font-extrabold">{i18n._("Still have questions?")}</h2>
        <p className="mt-2 text-muted-foreground">{i18n._("Our crew support team answers every message, Monday to Friday.")}</p>
        <Button asChild className="mt-4">
          <Link to="/contact">{i18n._("Contact Us")}</Link>
        </Button>
      </section>
    </main>
  );
}
