import { loadEnv } from '../env';
import { consoleIo } from './cli-io';
import { runMemberCli } from './member/run-member-cli';

// `npm run member -- …` (server/cli/member/run-member-cli.ts), with this process's arguments, settings and outputs.
process.exitCode = await runMemberCli(process.argv.slice(2), consoleIo(loadEnv()));
