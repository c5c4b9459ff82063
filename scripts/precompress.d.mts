export function smallestBrotli(body: Buffer): Promise<Buffer>;
export function precompress(dir: string): Promise<{ files: number; raw: number; br: number; gz: number }>;
export function precompressFiles(files: string[]): Promise<{ files: number; raw: number; br: number; gz: number }>;
