import { loadEnv } from '../env';
import { consoleIo } from './cli-io';
import { runStaffCli } from './staff/run-staff-cli';

// `npm run staff -- …` (server/cli/staff/run-staff-cli.ts), with this process's arguments, settings and outputs.
process.exitCode = await runStaffCli(process.argv.slice(2), consoleIo(loadEnv()));
