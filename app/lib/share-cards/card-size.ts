/** Open Graph's large image: what Facebook, X and LinkedIn show full width. */
export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;
