// The built site served by `vite preview` (gzip, like a real static host) for the scripts that
// measure it: started on a port of their own and ready once it answers.
import { spawn } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';

/** @param {number} port */
export async function startPreview(port) {
  const url = `http://127.0.0.1:${port}/`;
  const server = spawn(process.execPath, ['node_modules/vite/bin/vite.js', 'preview', '--port', String(port), '--strictPort', '--host', '127.0.0.1'], {
    stdio: 'ignore',
  });
  for (let i = 0; i < 50; i++) {
    try {
      if ((await fetch(url)).ok) break;
    } catch {
      await sleep(200);
    }
  }
  return { url, stop: () => server.kill() };
}
