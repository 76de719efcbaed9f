// Issue 31: a refusal that counts minutes is an ICU message with a value, so a Spanish page
// says it in Spanish with the right plural, and the English text is what it always was.
import { describe, expect, it } from "vitest";
import { SIGN_IN_LIMIT_MESSAGE } from "../auth/magic-link.server";
import { NO_JS_JOIN_LIMIT_MESSAGE, NO_JS_SIGN_IN_LIMIT_MESSAGE } from "../security/bot-guard.server";
import { AppError } from "../errors";
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
