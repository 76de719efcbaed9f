import MailComposer from "nodemailer/lib/mail-composer";
import { describe, expect, it } from "vitest";
import { mimeBytes } from "./mime-bytes";

const longLine = "A line far longer than a mail line may be, ".repeat(12);
const cases = {
  "plain ASCII": { subject: "News", text: "Hello crew", html: "<p>Hello crew</p>" },
  "Spanish, long lines, an = and a trailing space": {
    subject: "Noticias para Ñandú: ¡ya casi!",
    text: `Hola, tripulación = ${longLine}\nsegunda línea \n`,
    html: `<p style="color:#123">Hola ${longLine}</p>\r\n<p>¿Listos? ✨ 🚀</p>`,
  },
  "mostly not Latin (base64)": { subject: "星のニュース", text: "こんにちは、クルーの皆さん。".repeat(10), html: "<p>こんにちは、クルーの皆さん。</p>".repeat(10) },
  "text only": { subject: "Only text", text: `${longLine}\r\n.leading dot\r\n` },
  "with a reply-to and one-click unsubscribe": {
    subject: "Re: your question",
    text: "Thanks",
    html: "<p>Thanks</p>",
    replyTo: "parent@example.com",
    headers: { "List-Unsubscribe": `<https://crew.example/unsubscribe?token=${"x".repeat(120)}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  },
};

describe("a composed message written out at once", () => {
  for (const [name, fields] of Object.entries(cases)) {
    it(`is nodemailer's own build, byte for byte: ${name}`, async () => {
      const node = new MailComposer({ from: "Vista Crew ✨ <crew@vistacrew.example>", to: "fan@example.com", messageId: "<outbox-7@crew.example>", ...fields }).compile();
      const ours = mimeBytes(node);
      expect(ours).not.toBeNull();
      expect(ours!.toString("utf8")).toBe((await node.build()).toString("utf8"));
    });
  }

  it("leaves a message with a file or a stream to nodemailer", () => {
    const node = new MailComposer({ from: "crew@vistacrew.example", to: "fan@example.com", text: "Hi", attachments: [{ path: "/etc/hostname" }] }).compile();
    expect(mimeBytes(node)).toBeNull();
  });
});
