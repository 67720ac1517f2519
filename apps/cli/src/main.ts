/**
 * `parkside`: the Parkside API from the shell. `parkside --help` lists the commands;
 * `parkside <command> --help` explains one. Exit codes: 0 done, 1 failed, 2 bad usage.
 */
import { createParksideClient, type ParksideClient } from '@parkside/client';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { commands, type Command } from './commands';
import { describeFailure, processIo, UsageError, type Io } from './output';

const GLOBAL_FLAGS = {
  url: { type: 'string' },
  token: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} satisfies ParseArgsConfig['options'];

const GLOBAL_HELP = `Options for every command:
  --url <address>   the site, e.g. https://parkside.example (or PARKSIDE_URL)
  --token <pk_…>    an API token (or PARKSIDE_TOKEN); make one at /account-settings
  --json            print JSON for scripts instead of tables
  -h, --help        help for a command`;

function overview(): string {
  const width = Math.max(...Object.keys(commands).map((name) => name.length));
  const lines = Object.entries(commands).map(
    ([name, command]) => `  ${name.padEnd(width)}  ${command.summary}`,
  );
  return `Usage: parkside <command> [options]\n\nCommands:\n${lines.join('\n')}\n\n${GLOBAL_HELP}\n`;
}

const commandHelp = (command: Command) =>
  `Usage: parkside ${command.usage}\n\n${command.summary}\n\n${GLOBAL_HELP}\n`;

/** The command named by the first one or two words. */
function findCommand(words: string[]): { name: string; command: Command } | null {
  for (const length of [2, 1]) {
    const name = words.slice(0, length).join(' ');
    if (words.length >= length && commands[name]) return { name, command: commands[name] };
  }
  return null;
}

export interface MainOptions {
  io?: Io;
  env?: NodeJS.ProcessEnv;
  /** For tests: the client is made from the URL and token as usual unless given. */
  client?: (options: { url: string; token?: string; io: Io }) => ParksideClient;
}

const defaultClient: NonNullable<MainOptions['client']> = ({ url, token, io }) =>
  createParksideClient({
    url,
    token,
    onRetry: ({ waitMs, reason }) =>
      io.err(
        `${reason === 'HTTP 429' ? 'Rate limited' : `Retrying (${reason})`}: waiting ${Math.ceil(waitMs / 1000)} s…\n`,
      ),
  });

export async function main(argv: string[], options: MainOptions = {}): Promise<number> {
  const { io = processIo, env = process.env, client = defaultClient } = options;
  const words = argv.filter((arg) => !arg.startsWith('-'));
  const found = findCommand(words);
  if (!found) {
    const asked = argv.length === 0 || argv.includes('--help') || argv.includes('-h');
    if (asked) {
      io.out(overview());
      return 0;
    }
    io.err(`Unknown command: ${words.join(' ') || argv.join(' ')}\n\n${overview()}`);
    return 2;
  }
  const { name, command } = found;
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      options: { ...GLOBAL_FLAGS, ...command.flags },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    io.err(`${(error as Error).message}\n\n${commandHelp(command)}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    io.out(commandHelp(command));
    return 0;
  }
  const url = (values.url as string | undefined) ?? env.PARKSIDE_URL;
  const token = (values.token as string | undefined) ?? env.PARKSIDE_TOKEN;
  if (!url) {
    io.err(`Say where Parkside is: --url or PARKSIDE_URL.\n\n${commandHelp(command)}`);
    return 2;
  }
  try {
    new URL(url);
  } catch {
    io.err(`${url} is not a web address.\n`);
    return 2;
  }
  try {
    await command.run({
      api: client({ url, token: token || undefined, io }),
      io,
      args: positionals.slice(name.split(' ').length),
      flags: values as Record<string, string | boolean | undefined>,
      json: Boolean(values.json),
    });
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`${error.message}\n\n${commandHelp(command)}`);
      return 2;
    }
    io.err(`Error: ${describeFailure(error, url)}\n`);
    return 1;
  }
}
