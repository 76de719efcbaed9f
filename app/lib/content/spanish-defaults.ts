import type { TranslatedLanguage } from "../../kernel/i18n/languages";
import type { ContentName } from "./content-fields";

// The built-in Spanish of every admin-edited field (ADR 0057): what Spanish readers get
// while the English is still the code default and no admin has written a Spanish version.
// Written for families: tú, not usted; neutral where a word would be gendered. The same
// placeholders as the English defaults (app/lib/settings/settings.server.ts).
export const SPANISH_CONTENT_DEFAULTS: Record<ContentName, string> = {
  homepageMainTitleLine1: "¡Únete a la tripulación!",
  homepageMainTitleLine2: "La aventura empieza pronto",
  homepageMainSubtitle: "<p>Ve antes que nadie los tráileres, los secretos detrás de cámaras y los sorteos de cada mes.</p>",
  homepageMetaDescription:
    "Únete a la tripulación de una nueva serie animada de aventuras: apúntate a la lista de espera, comparte tu enlace, gana puntos y llévate premios cada mes.",
  confirmationPageTitle: "Gracias por unirte a la tripulación",
  confirmationPageMessage: "<p>Comparte tu enlace con tus amistades y tu familia: cada persona que se une te da 10 puntos.</p>",
  welcomeEmailTemplateHtml: [
    "<p>¡Te damos la bienvenida a bordo, {{USER_EMAIL}}! Ya eres parte de la tripulación y nos alegra muchísimo tenerte aquí.</p>",
    "<p>Atención: te enviaremos noticias, adelantos y avisos de sorteos a medida que se acerque el día del estreno. Comparte tu enlace para ganar puntos y subir en la clasificación: {{REFERRAL_LINK}}</p>",
    "<p>Nos vemos en la aventura,<br>El equipo de Vista Crew</p>",
  ].join(""),
  seasonWinnerEmailTemplateHtml: [
    "<p>¡Hola, {{NICKNAME}}! Terminaste en el puesto #{{RANK}} de la clasificación de {{SEASON}} y ganaste: <strong>{{PRIZE}}</strong>.</p>",
    "<p>Para las personas adultas: para recibir el premio, abran la página de reclamo con el botón de abajo (funciona durante 60 días) y escriban allí la dirección de entrega. Por favor, no envíen la dirección por correo electrónico. La página de reclamo la guarda cifrada; solo la usamos para enviar el premio y la borramos 30 días después del envío.</p>",
    "<p>Gracias por compartir la aventura,<br>El equipo de Vista Crew</p>",
  ].join(""),
};

/** Each translated language's built-in site text (ADR 0057). */
export const BUILT_IN_CONTENT: Record<TranslatedLanguage, Record<ContentName, string>> = { es: SPANISH_CONTENT_DEFAULTS };
