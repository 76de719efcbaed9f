import { createContext } from "react";

/**
 * Whether this page is the answer to a request that met a database outage. The server
 * provides it per request (entry.server.tsx); in the browser the error page's marker
 * says so, read before hydration so both renders agree.
 */
export const DatabaseOutageContext = createContext<boolean>(
  typeof document !== "undefined" && document.querySelector("[data-database-outage]") !== null,
);

export const DATABASE_OUTAGE_TITLE = /*i18n*/ "We'll be right back";
export const DATABASE_OUTAGE_MESSAGE = /*i18n*/ "The site is catching its breath. Please try again in a moment.";
