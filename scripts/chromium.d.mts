export const CHROMIUM_CANDIDATES: string[];
export function findChromium(): string | null;
export const CHROMIUM_FLAGS: string[];
export const HEADLESS_SHELL: string;
export function findCheckBrowser(): string | null;
