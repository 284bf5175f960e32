import { loadEnv } from '../env';
import { consoleIo } from './cli-io';
import { runMigrateCli } from './migrate/run-migrate-cli';

// `npm run migrate` (server/cli/migrate/run-migrate-cli.ts), with this process's arguments, settings and outputs.
process.exitCode = await runMigrateCli(process.argv.slice(2), consoleIo(loadEnv()));
