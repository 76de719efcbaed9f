import { describe, expect, it } from "vitest";
import { i18nFor } from "../i18n/catalogs.server";
import { fillWelcomeTemplate, renderWelcomeEmail } from "./welcome-email";

describe("welcome e-mail", () => {
  it("replaces both placeholders, every time they appear", () => {
    const html = fillWelcomeTemplate("<p>Hi {{USER_EMAIL}}</p><p>{{REFERRAL_LINK}} and again {{REFERRAL_LINK}}</p>", {
      email: "ada@example.com",
      referralLink: "https://crew.example/?ref=ada123abc456",
    });
    expect(html).not.toContain("{{");
    expect(html).toContain("Hi ada@example.com");
    expect(html.match(/href="https:\/\/crew\.example\/\?ref=ada123abc456"/g)).toHaveLength(2);
  });

  it("escapes what it fills in", () => {
    const html = fillWelcomeTemplate("<p>{{USER_EMAIL}}</p>", { email: 'x"<script>@example.com', referralLink: "https://a.example" });
    expect(html).not.toContain("<script>");
  });

  it("carries the confirmation link in both parts", () => {
    const email = renderWelcomeEmail({
      i18n: i18nFor("en"),
      siteName: "Vista Crew",
      templateHtml: "<p>Welcome {{USER_EMAIL}}! Share {{REFERRAL_LINK}}</p>",
      email: "bo@example.com",
      referralLink: "https://crew.example/?ref=bo1234abcdef",
      confirmUrl: "https://crew.example/confirm-email?token=abc",
    });
    expect(email.subject).toBe("Welcome to Vista Crew!");
    expect(email.html).toContain("https://crew.example/confirm-email?token=abc");
    expect(email.text).toContain("Welcome bo@example.com! Share https://crew.example/?ref=bo1234abcdef");
    expect(email.text).toContain("https://crew.example/confirm-email?token=abc");
  });
});
