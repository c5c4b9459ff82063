export const WORKER_FILE: string;
export function serviceWorkerSource(build: { version: string; files: string[] }): string;
export function writeServiceWorker(dir: string): Promise<{ version: string; files: string[]; bytes: number }>;
