import { loadEnv } from '../env';
import { consoleIo } from './cli-io';
import { runRegistrationCli } from './registration/run-registration-cli';

// `npm run registration -- …` (server/cli/registration/run-registration-cli.ts), with this process's arguments,
// settings and outputs.
process.exitCode = await runRegistrationCli(process.argv.slice(2), consoleIo(loadEnv()));
