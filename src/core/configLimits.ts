/** How large a config.json, and the sizes in it, may be before the reader refuses it. */
/** Pastes longer than this many bytes of UTF-8 are refused before they are parsed. */
export const MAX_CONFIG_BYTES = 1_000_000;
/** More layers than this is not a model. */
export const MAX_LAYERS = 1_000_000;
/** Nor is a head, width or window wider than this. */
export const MAX_SIZE = 100_000_000;
