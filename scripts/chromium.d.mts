export const CHROMIUM_CANDIDATES: string[];
export function findChromium(): string | null;
export const CHROMIUM_FLAGS: string[];
