export function precompress(dir: string): Promise<{ files: number; raw: number; br: number; gz: number }>;
