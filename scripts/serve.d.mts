export function serveBuild(options: { dir: string; port?: number }): Promise<{ url: string; close: () => Promise<void> }>;
