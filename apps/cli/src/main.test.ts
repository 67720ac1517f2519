import { describe, expect, it } from 'vitest';
import { importRowOf } from './commands';
import { main } from './main';
import type { Io } from './output';

function capture(): Io & { stdout: string; stderr: string } {
  const io = {
    stdout: '',
    stderr: '',
    interactive: false,
    out: (text: string) => {
      io.stdout += text;
    },
    err: (text: string) => {
      io.stderr += text;
    },
  };
  return io;
}

describe('parkside', () => {
  it('lists its commands for --help and exits 0', async () => {
    const io = capture();
    expect(await main(['--help'], { io, env: {} })).toBe(0);
    expect(io.stdout).toContain('events import');
    expect(io.stdout).toContain('bookings export');
  });

  it('explains one command with <command> --help', async () => {
    const io = capture();
    expect(await main(['bookings', 'export', '--help'], { io, env: {} })).toBe(0);
    expect(io.stdout).toContain('Usage: parkside bookings export --event <id> [--format csv|json]');
  });

  it('exits 2 on bad usage, saying what is wrong', async () => {
    for (const argv of [['nonsense'], ['whoami', '--bogus'], ['whoami']]) {
      const io = capture();
      expect(await main(argv, { io, env: {} }), argv.join(' ')).toBe(2);
      expect(io.stderr).not.toBe('');
    }
    const io = capture();
    await main(['whoami'], { io, env: {} });
    expect(io.stderr).toContain('Say where Parkside is: --url or PARKSIDE_URL.');
  });
});

describe('importRowOf', () => {
  const row = {
    title: 'Cougars vs. Utes',
    venueName: 'LaVell Edwards Stadium',
    startLocal: '2027-09-04T19:00',
    timeZone: 'America/Denver',
    latitude: '40.2575',
  };
  it('reads numbers and makes the same import key for the same event', () => {
    const a = importRowOf(row);
    expect(a.latitude).toBe(40.2575);
    expect(importRowOf({ ...row, title: ' cougars vs. utes ' }).importKey).toBe(a.importKey);
    expect(importRowOf({ ...row, startLocal: '2027-09-05T19:00' }).importKey).not.toBe(a.importKey);
  });
  it('keeps a key the file gives', () => {
    expect(importRowOf({ ...row, importKey: 'season-1' }).importKey).toBe('season-1');
  });
});
