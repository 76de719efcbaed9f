// The latin files of the brand fonts (app/app.css declares them all): preloaded on every
// page so headings and text do not wait for the stylesheet to find them. ~51 KB together.
import balooLatin800 from "@fontsource/baloo-2/files/baloo-2-latin-800-normal.woff2?url";
import nunitoLatin400 from "@fontsource/nunito/files/nunito-latin-400-normal.woff2?url";
import nunitoLatin700 from "@fontsource/nunito/files/nunito-latin-700-normal.woff2?url";

export const PRELOADED_FONTS = [balooLatin800, nunitoLatin400, nunitoLatin700];
