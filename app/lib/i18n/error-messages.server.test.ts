// Issue 31: a refusal that counts minutes is an ICU message with a value, so a Spanish page
// says it in Spanish with the right plural, and the English text is what it always was.
import { describe, expect, it } from "vitest";
import { SIGN_IN_LIMIT_MESSAGE } from "../auth/magic-link.server";
import { NO_JS_JOIN_LIMIT_MESSAGE, NO_JS_SIGN_IN_LIMIT_MESSAGE } from "../security/bot-guard.server";
import { AppError } from "../../kernel/errors";
import { appErrorWithValues, userMessageIn } from "./error-messages.server";

describe("a refusal with minutes in it", () => {
  it("is the English text as before, and Spanish on a Spanish page", () => {
    const one = appErrorWithValues("RATE_LIMITED", SIGN_IN_LIMIT_MESSAGE, { minutes: 1 });
    const many = appErrorWithValues("RATE_LIMITED", SIGN_IN_LIMIT_MESSAGE, { minutes: 15 });
    expect(one.userMessage).toBe("Too many sign-in requests. Please wait 1 minute and try again.");
    expect(many.userMessage).toBe("Too many sign-in requests. Please wait 15 minutes and try again.");
    expect(many.status).toBe(429);
    expect(userMessageIn(many, "en")).toBe(many.userMessage);
    expect(userMessageIn(one, "es")).toBe("Demasiadas solicitudes para iniciar sesión. Espera 1 minuto y vuelve a intentarlo.");
    expect(userMessageIn(many, "es")).toBe("Demasiadas solicitudes para iniciar sesión. Espera 15 minutos y vuelve a intentarlo.");
  });

  it("of the no-JavaScript limit reads as before in English", () => {
    expect(appErrorWithValues("RATE_LIMITED", NO_JS_JOIN_LIMIT_MESSAGE, { minutes: 2 }).userMessage).toBe(
      "Too many signups from your network. Please try again in 2 minutes, or turn on JavaScript.",
    );
    expect(appErrorWithValues("RATE_LIMITED", NO_JS_SIGN_IN_LIMIT_MESSAGE, { minutes: 1 }).userMessage).toBe(
      "Too many sign-in requests. Please wait 1 minute and try again, or turn on JavaScript.",
    );
    expect(userMessageIn(appErrorWithValues("RATE_LIMITED", NO_JS_JOIN_LIMIT_MESSAGE, { minutes: 2 }), "es")).toBe(
      "Demasiados registros desde tu red. Vuelve a intentarlo en 2 minutos, o activa JavaScript.",
    );
  });

  it("leaves a plain message as English text, which the page translates itself", () => {
    expect(userMessageIn(new AppError("RATE_LIMITED", "Slow down."), "es")).toBe("Slow down.");
  });
});

describe("the other refusals that count minutes", () => {
  it("read as before in English and in Spanish on a Spanish page", async () => {
    const { CREW_NAME_LIMIT_MESSAGE } = await import("../crew-names/crew-name.server");
    const { PRIVACY_REQUEST_LIMIT_MESSAGE, StaleSignInError } = await import("../privacy/privacy-request.server");
    const { SIGNUP_NETWORK_LIMIT_MESSAGE } = await import("../waitlist/join/signup.server");
    const crewName = appErrorWithValues("RATE_LIMITED", CREW_NAME_LIMIT_MESSAGE, { minutes: 1 });
    expect(crewName.userMessage).toBe("That's a lot of new names! Please wait 1 minute and try again.");
    expect(userMessageIn(crewName, "es")).toBe("¡Son muchos nombres nuevos! Espera 1 minuto y vuelve a intentarlo.");
    expect(appErrorWithValues("RATE_LIMITED", PRIVACY_REQUEST_LIMIT_MESSAGE, { minutes: 30 }).userMessage).toBe("Too many requests for your data. Please wait 30 minutes and try again.");
    expect(appErrorWithValues("RATE_LIMITED", SIGNUP_NETWORK_LIMIT_MESSAGE, { minutes: 5 }).userMessage).toBe("Too many signups from your network. Please try again in 5 minutes.");
    const stale = new StaleSignInError();
    expect(stale.status).toBe(403);
    expect(stale.userMessage).toBe("For your safety, downloading or deleting your data needs a sign-in from the last 10 minutes. We can e-mail you a new sign-in link.");
    expect(userMessageIn(stale, "es")).toMatch(/^Por tu seguridad, .* los últimos 10 minutos\./);
  });
});
