#!/usr/bin/env node
// The command is written in TypeScript like the rest of the repository; tsx runs it as it is.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/main.ts');
process.exitCode = await main(process.argv.slice(2));
