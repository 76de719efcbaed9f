import { describe, expect, it } from "vitest";
import { addUnsubscribeLink, renderEmail } from "./layout";

const URL = "https://crew.example/unsubscribe?token=abc.def";
const WITHDRAW = { text: "You gave consent for your child to join.", link: { label: "Withdraw consent", url: "https://crew.example/parent-consent/revoke?token=x.y" } };

describe("the unsubscribe line", () => {
  it("goes under the parent's withdraw-consent line, in the HTML and the text, once", () => {
    const framed = renderEmail({ siteName: "Vista Crew", bodyHtml: "<p>Hi</p>", bodyText: "Hi", footer: WITHDRAW });
    const message = addUnsubscribeLink(framed, URL);
    expect(message.html.indexOf("Withdraw consent")).toBeLessThan(message.html.indexOf(`href="${URL}"`));
    expect(message.html).not.toContain("<!--unsubscribe-->");
    expect(message.text).toMatch(/Withdraw consent: .*\n[\s\S]*Unsubscribe: https:\/\/crew\.example\/unsubscribe\?token=abc\.def$/);
    expect(addUnsubscribeLink(message, URL)).toEqual(message);
  });

  it("still finds a place in a message framed before the slot existed", () => {
    const old = { html: "<html><body><p>Hi</p></body></html>", text: "Hi" };
    expect(addUnsubscribeLink(old, URL).html).toMatch(/<p>Hi<\/p><p[^>]*>.*Unsubscribe<\/a><\/p><\/body><\/html>$/);
    expect(addUnsubscribeLink({ html: "<p>Hi</p>", text: "Hi" }, URL).html).toContain(`href="${URL}"`);
  });
});
