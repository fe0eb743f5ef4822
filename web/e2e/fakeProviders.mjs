// Runs the back end's fake Google and Twitter/X (internal/auth/authtest/cmd/fakeproviders) for
// browser journeys. It prints {"url", "env"} on its first line; env points castaway at it.
import { execFile, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Builds and starts the fakes. Returns { url, env, setUser(provider, user), deny(provider), stop }. */
export async function startFakeProviders() {
  const dir = await mkdtemp(path.join(tmpdir(), 'castaway-fakeproviders-'));
  const bin = path.join(dir, 'fakeproviders');
  await promisify(execFile)('go', ['build', '-o', bin, './internal/auth/authtest/cmd/fakeproviders'], { cwd: repo });
  const proc = spawn(bin, ['-addr', '127.0.0.1:0'], { stdio: ['ignore', 'pipe', 'pipe'] });
  const stderr = [];
  proc.stderr.on('data', (d) => stderr.push(String(d)));
  const exited = new Promise((resolve) => proc.once('exit', resolve));

  async function stop() {
    if (proc.exitCode === null) {
      proc.kill('SIGTERM');
      await exited;
    }
    await rm(dir, { recursive: true, force: true });
  }

  let info;
  try {
    const lines = createInterface({ input: proc.stdout });
    info = await new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`fakeproviders did not start:\n${stderr.join('')}`)), 15_000);
      lines.once('line', (line) => {
        clearTimeout(timer);
        resolve(JSON.parse(line));
      });
      proc.once('exit', (code) => reject(new Error(`fakeproviders exited with ${code}:\n${stderr.join('')}`)));
    });
  } catch (err) {
    await stop();
    throw err;
  }

  async function control(pathname, body) {
    const res = await fetch(`${info.url}${pathname}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`fakeproviders ${pathname}: ${res.status} ${await res.text()}`);
  }

  return {
    url: info.url,
    env: info.env,
    /** Who signs in next at provider: { sub, email, emailVerified, name, username }. */
    setUser: (provider, user) => control(`/control/${provider}/user`, user),
    /** The provider refuses the next sign-in, as when the user cancels. */
    deny: (provider) => control(`/control/${provider}/deny`),
    stop,
  };
}
