/**
 * Browser tests share the machine with whatever else runs on it, another suite included: each
 * test holds one of a few machine-wide slots while it runs (one per core, or E2E_MACHINE_SLOTS),
 * so two suites side by side take turns test by test instead of running four browsers and their
 * servers on two cores, where a page that needs 6 s alone needed over a minute. A suite alone
 * never waits: it has two workers and at least two slots.
 *
 * A slot is a file made with O_EXCL in the system's temporary folder, holding its worker's pid;
 * one whose worker is gone (a suite killed mid-test) is taken back. Two workers that find the
 * same stale slot at once may both take it: the machine is then one test over, never stuck.
 */
import { isProcessRunning } from '@parkside/db';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';

const SLOTS_DIR = join(tmpdir(), 'parkside-e2e-slots');
const POLL_MS = 250;

/** Waits for a free slot and takes it; answers the function that gives it back. */
export async function takeMachineSlot(): Promise<() => Promise<void>> {
  const count = Number(process.env.E2E_MACHINE_SLOTS) || Math.max(2, availableParallelism());
  await mkdir(SLOTS_DIR, { recursive: true });
  for (;;) {
    for (let i = 0; i < count; i++) {
      const path = join(SLOTS_DIR, `slot-${i}`);
      try {
        await writeFile(path, String(process.pid), { flag: 'wx' });
        return () => rm(path, { force: true });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        const holder = Number(await readFile(path, 'utf8').catch(() => ''));
        // An empty file is a slot being taken this instant; only a dead holder's slot is freed.
        if (holder > 0 && !isProcessRunning(holder)) await rm(path, { force: true });
      }
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
