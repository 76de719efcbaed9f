import { describe, expect, it } from "vitest";
import { i18nFor } from "../i18n/catalogs.server";
import { addUnsubscribeLink, emailLanguage, renderEmail } from "./layout";

const URL = "https://crew.example/unsubscribe?token=abc.def";
const WITHDRAW = { text: "You gave consent for your child to join.", link: { label: "Withdraw consent", url: "https://crew.example/parent-consent/revoke?token=x.y" } };
const english = i18nFor("en");
const spanish = i18nFor("es");

describe("the unsubscribe line", () => {
  it("goes under the parent's withdraw-consent line, in the HTML and the text, once", () => {
    const framed = renderEmail({ i18n: english, siteName: "Vista Crew", bodyHtml: "<p>Hi</p>", bodyText: "Hi", footer: WITHDRAW });
    const message = addUnsubscribeLink(framed, URL, english);
    expect(message.html.indexOf("Withdraw consent")).toBeLessThan(message.html.indexOf(`href="${URL}"`));
    expect(message.html).not.toContain("<!--unsubscribe-->");
    expect(message.text).toMatch(/Withdraw consent: .*\n[\s\S]*Unsubscribe: https:\/\/crew\.example\/unsubscribe\?token=abc\.def$/);
    expect(addUnsubscribeLink(message, URL, english)).toEqual(message);
  });

  it("still finds a place in a message framed before the slot existed", () => {
    const old = { html: "<html><body><p>Hi</p></body></html>", text: "Hi" };
    expect(addUnsubscribeLink(old, URL, english).html).toMatch(/<p>Hi<\/p><p[^>]*>.*Unsubscribe<\/a><\/p><\/body><\/html>$/);
    expect(addUnsubscribeLink({ html: "<p>Hi</p>", text: "Hi" }, URL, english).html).toContain(`href="${URL}"`);
  });
});

describe("the frame in the reader's language", () => {
  it("says which language the message is in and writes its own words in it, the unsubscribe line too", () => {
    const framed = renderEmail({ i18n: spanish, siteName: "Vista Crew", bodyHtml: "<p>Hola</p>", bodyText: "Hola", action: { label: "Entrar", url: "https://crew.example/x" } });
    expect(framed.html).toMatch(/^<!doctype html><html lang="es">/);
    expect(emailLanguage(framed.html)).toBe("es");
    expect(framed.html).toContain("Si el botón no funciona");
    expect(framed.html).not.toContain("If the button does not work");
    const message = addUnsubscribeLink(framed, URL, i18nFor(emailLanguage(framed.html)));
    expect(message.html).toContain(">Darte de baja</a>");
    expect(message.text).toContain(`Darte de baja: ${URL}`);
    expect(message.text).not.toContain("Unsubscribe");
  });

  it("reads a message framed before languages as English", () => {
    expect(emailLanguage("<html><body><p>Hi</p></body></html>")).toBe("en");
    expect(emailLanguage(renderEmail({ i18n: english, siteName: "Vista Crew", bodyHtml: "", bodyText: "" }).html)).toBe("en");
  });
});
