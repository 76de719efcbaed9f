import { describe, expect, it } from "vitest";
import { joinWaitPage } from "./join-wait-page.server";

describe("the join's wait page", () => {
  it("is a whole document with a title, a description, one heading, the message and the way back", () => {
    const html = joinWaitPage({ language: "en", message: "Too many signups from your network. Please try again in 5 minutes, or turn on JavaScript." });
    expect(html).toMatch(/^<!DOCTYPE html>\n<html lang="en">/);
    expect(html).toMatch(/<title>Join the Waitlist \| .+<\/title>/);
    expect(html).toContain('<meta name="description" content="Too many signups from your network.');
    expect(html.match(/<h1>/g)).toHaveLength(1);
    expect(html).toContain('<p role="alert">Too many signups from your network. Please try again in 5 minutes, or turn on JavaScript.</p>');
    expect(html).toContain('<a href="/join-waitlist">Back to the form</a>');
  });

  it("translates a plain English message and escapes what it shows", () => {
    expect(joinWaitPage({ language: "es", message: "Back to the form" })).toContain('<p role="alert">Volver al formulario</p>');
    const hostile = joinWaitPage({ language: "en", message: `<script>alert("x")</script>` });
    expect(hostile).not.toContain("<script>");
    expect(hostile).toContain("&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62;");
  });
});
