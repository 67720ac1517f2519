/**
 * Varnish for tests and benchmarks: `varnishd` in the foreground with a VCL recipe whose
 * backends are replaced by one server on loopback (the recipe names three app servers).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const VARNISHD = '/usr/sbin/varnishd';

/** Why Varnish cannot run here, or null. */
export function varnishMissing(): string | null {
  return existsSync(VARNISHD)
    ? null
    : `${VARNISHD} is missing (Debian: apt-get install varnish varnish-modules)`;
}

/** `recipe` with its backends `app1`..`app3` replaced by one: 127.0.0.1:`port`. */
export function vclWithOneBackend(recipe: string, port: number): string {
  return recipe
    .replace(
      /backend app1 \{[^\n]*\}/,
      `backend app1 { .host = "127.0.0.1"; .port = "${port}"; .probe = healthz; }`,
    )
    .replace(/backend app[23] \{[^\n]*\}\n/g, '')
    .replace(/ +servers\.add_backend\(app[23]\);\n/g, '');
}

export interface RunningVarnish {
  stop(): Promise<void>;
}

/** Varnish on `port` with the VCL at `recipePath`, in front of 127.0.0.1:`backendPort`. */
export async function startVarnish({
  recipePath,
  port,
  backendPort,
  storage = 'malloc,64m',
}: {
  recipePath: string;
  port: number;
  backendPort: number;
  storage?: string;
}): Promise<RunningVarnish> {
  const dir = mkdtempSync(join(tmpdir(), 'parkside-varnish-'));
  // varnishd reads the VCL as its own unprivileged user.
  chmodSync(dir, 0o755);
  const vcl = vclWithOneBackend(readFileSync(recipePath, 'utf8'), backendPort);
  writeFileSync(join(dir, 'test.vcl'), vcl, { mode: 0o644 });
  const child: ChildProcess = spawn(
    VARNISHD,
    ['-F', '-a', `127.0.0.1:${port}`, '-f', join(dir, 'test.vcl'), '-n', join(dir, 'work')].concat([
      '-s',
      storage,
    ]),
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    rmSync(dir, { recursive: true, force: true });
  };
  for (let tries = 0; ; tries += 1) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`varnishd exited:\n${output}`);
    }
    const answer = await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => null);
    if (answer?.ok) break;
    if (tries > 150) {
      await stop();
      throw new Error(`varnishd did not answer:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { stop };
}
