/**
 * One import (or global, or bit of syntax) per line of the layer rules in eslint.config.js, each linted as if it
 * were a file at `filePath`. The files do not exist: only their paths matter to the zones.
 */
export interface BoundaryCase {
  name: string;
  filePath: string;
  code: string;
  /** The rule that must report it, or null for an import the layers allow (then nothing at all is reported). */
  rule: string | null;
}

const zones = 'import-x/no-restricted-paths';
const builtins = 'import-x/no-nodejs-modules';

const machine = 'machines/profile/__fixture__.ts';
const machineTsx = 'machines/profile/__fixture__.tsx';
const server = 'server/platform/__fixture__.ts';
const domain = 'src/domain/__fixture__.ts';
const page = 'src/pages/home/__fixture__.tsx';
const consolePage = 'src/console/__fixture__.tsx';
const component = 'src/components/__fixture__.tsx';
const lib = 'src/lib/__fixture__.ts';

/** Packages machines/ must not use, statically or lazily. */
const forbiddenInMachines = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-dom/client',
  '@xstate/react',
  'ky',
  '@tanstack/react-query',
  'react-router-dom',
  'hono',
  'drizzle-orm',
  'pg',
];

/** The globals a machine must not touch (eslint.config.js says why for each group). */
const machineGlobalNames = [
  'window',
  'self',
  'globalThis',
  'document',
  'location',
  'history',
  'navigator',
  'fetch',
  'XMLHttpRequest',
  'WebSocket',
  'EventSource',
  'localStorage',
  'sessionStorage',
  'indexedDB',
  'caches',
  'process',
  'setTimeout',
  'clearTimeout',
  'setInterval',
  'clearInterval',
  'queueMicrotask',
  'requestAnimationFrame',
];

export const boundaryCases: BoundaryCase[] = [
  // machines/: only src/domain and xstate.
  ...forbiddenInMachines.flatMap((name): BoundaryCase[] => [
    {
      name: `machine imports ${name}`,
      filePath: machine,
      code: `import * as m from '${name}';\nexport { m };\n`,
      rule: zones,
    },
    {
      name: `machine imports ${name} lazily`,
      filePath: machine,
      code: `export const load = () => import('${name}');\n`,
      rule: zones,
    },
  ]),
  {
    name: 'machine (.tsx) imports react-dom/client',
    filePath: machineTsx,
    code: "import { createRoot } from 'react-dom/client';\nexport { createRoot };\n",
    rule: zones,
  },
  {
    name: 'machine imports a react type',
    filePath: machine,
    code: "import type { ReactNode } from 'react';\nexport type Node = ReactNode;\n",
    rule: zones,
  },
  {
    name: 'machine re-exports a package',
    filePath: machine,
    code: "export { default as client } from 'ky';\n",
    rule: zones,
  },
  {
    name: 'machine imports the API layer',
    filePath: machine,
    code: "import { submitCustomer } from '../../src/api/customers';\nexport { submitCustomer };\n",
    rule: zones,
  },
  {
    name: 'machine imports src/lib',
    filePath: machine,
    code: "import { loadProgress } from '../../src/lib/session-store';\nexport { loadProgress };\n",
    rule: zones,
  },
  {
    name: 'machine imports a page lazily',
    filePath: machine,
    code: "export const load = () => import('../../src/pages/home/profile-form');\n",
    rule: zones,
  },
  {
    name: 'machine imports the server',
    filePath: machine,
    code: "import { loadEnv } from '../../server/env';\nexport { loadEnv };\n",
    rule: zones,
  },
  {
    name: 'machine imports a test fixture',
    filePath: machine,
    code: "import * as fixture from '../../tests/fixtures/customer';\nexport { fixture };\n",
    rule: zones,
  },
  {
    name: 'machine imports node:fs',
    filePath: machine,
    code: "import { readFileSync } from 'node:fs';\nexport { readFileSync };\n",
    rule: builtins,
  },
  {
    name: 'machine imports path lazily',
    filePath: machine,
    code: "export const load = () => import('path');\n",
    rule: builtins,
  },
  {
    name: 'machine (.tsx) renders JSX',
    filePath: machineTsx,
    code: 'export const View = () => <p />;\n',
    rule: 'no-restricted-syntax',
  },
  {
    name: 'machine names a type through import()',
    filePath: machine,
    code: "export type Node = import('react').ReactNode;\n",
    rule: '@typescript-eslint/consistent-type-imports',
  },
  ...machineGlobalNames.map((name) => ({
    name: `machine uses the global ${name}`,
    filePath: machine,
    code: `export const probe = () => ${name};\n`,
    rule: 'no-restricted-globals',
  })),
  {
    name: 'machine uses xstate, its own types and src/domain',
    filePath: machine,
    code: [
      "import { setup } from 'xstate';",
      "import { getShortestPaths } from 'xstate/graph';",
      "import { customerSchema } from '../../src/domain/customer';",
      "import type { ProfileContext } from './profile.types';",
      '',
      'export const probe = setup({ types: {} as { context: ProfileContext } }).createMachine({',
      "  initial: 'waiting',",
      "  states: { waiting: { after: { 1000: 'done' } }, done: { entry: () => crypto.randomUUID() } },",
      '});',
      'export { customerSchema, getShortestPaths };',
      '',
    ].join('\n'),
    rule: null,
  },
  {
    name: 'machine (.tsx) uses src/domain',
    filePath: machineTsx,
    code: "import { US_STATES } from '../../src/domain/us-states';\nexport const count = US_STATES.length;\n",
    rule: null,
  },

  // server/: src/domain only, never machines/.
  {
    name: 'server imports the API layer',
    filePath: server,
    code: "import { submitCustomer } from '../../src/api/customers';\nexport { submitCustomer };\n",
    rule: zones,
  },
  {
    name: 'server imports a page',
    filePath: server,
    code: "import { ProfileForm } from '../../src/pages/home/profile-form';\nexport { ProfileForm };\n",
    rule: zones,
  },
  {
    name: 'server imports a component lazily',
    filePath: server,
    code: "export const load = () => import('../../src/components/page-shell/page-shell');\n",
    rule: zones,
  },
  {
    name: 'server imports a machine',
    filePath: server,
    code: "import { profileMachine } from '../../machines/profile/profile.machine';\nexport { profileMachine };\n",
    rule: zones,
  },
  {
    name: 'server imports a machine type',
    filePath: server,
    code: "import type { ProfileContext } from '../../machines/profile/profile.types';\nexport type Context = ProfileContext;\n",
    rule: zones,
  },
  // Inside server/ (decision 051): routes call services; only the app imports routes.
  {
    name: "a route imports another feature's route",
    filePath: 'server/features/customers/__fixture__.routes.ts',
    code: "import { surveyRoutes } from '../surveys/surveys.routes';\nexport { surveyRoutes };\n",
    rule: zones,
  },
  {
    name: "a service imports its feature's route",
    filePath: 'server/features/registrations/__fixture__.ts',
    code: "import { registrationRoutes } from './registrations.routes';\nexport { registrationRoutes };\n",
    rule: zones,
  },
  {
    name: 'the seed imports a route',
    filePath: 'server/platform/db/__fixture__.ts',
    code: "import type { customerRoutes } from '../../features/customers/customers.routes';\nexport type Routes = typeof customerRoutes;\n",
    rule: zones,
  },
  {
    name: 'a CLI imports a route',
    filePath: 'server/cli/__fixture__.ts',
    code: "import { customerRoutes } from '../features/customers/customers.routes';\nexport { customerRoutes };\n",
    rule: zones,
  },
  {
    name: 'a route calls services, the platform and a route of its feature',
    filePath: 'server/features/customers/__fixture__.routes.ts',
    code: [
      "import { completeProfile } from './complete-profile';",
      "import { recordSurvey } from '../surveys/record-survey';",
      "import { jsonBody } from '../../platform/http/request-input';",
      "import { customerRoutes } from './customers.routes';",
      '',
      'export { completeProfile, customerRoutes, jsonBody, recordSurvey };',
      '',
    ].join('\n'),
    rule: null,
  },
  {
    name: 'the app mounts the routes',
    filePath: 'server/app.ts',
    code: "import { customerRoutes } from './features/customers/customers.routes';\nexport { customerRoutes };\n",
    rule: null,
  },
  {
    name: 'server uses src/domain, hono and node built-ins',
    filePath: server,
    code: [
      "import { readFile } from 'node:fs/promises';",
      "import { Hono } from 'hono';",
      "import { customerSchema } from '../../src/domain/customer';",
      "import { loadEnv } from '../env';",
      '',
      'export { customerSchema, Hono, loadEnv, readFile };',
      '',
    ].join('\n'),
    rule: null,
  },

  // src/domain: nothing of the app's, and only its two packages.
  {
    name: 'domain imports src/lib',
    filePath: domain,
    code: "import { runtimeConfig } from '../lib/read-runtime-config';\nexport { runtimeConfig };\n",
    rule: zones,
  },
  {
    name: 'domain imports a machine type',
    filePath: domain,
    code: "import type { ProfileContext } from '../../machines/profile/profile.types';\nexport type Context = ProfileContext;\n",
    rule: zones,
  },
  {
    name: 'domain imports the API layer lazily',
    filePath: domain,
    code: "export const load = () => import('../api/client');\n",
    rule: zones,
  },
  {
    name: 'domain imports the server',
    filePath: domain,
    code: "import { loadEnv } from '../../server/env';\nexport { loadEnv };\n",
    rule: zones,
  },
  ...['react', 'ky', 'hono', 'drizzle-orm'].map((name) => ({
    name: `domain imports ${name}`,
    filePath: domain,
    code: `import * as m from '${name}';\nexport { m };\n`,
    rule: zones,
  })),
  {
    name: 'domain imports node:crypto',
    filePath: domain,
    code: "import { randomUUID } from 'node:crypto';\nexport { randomUUID };\n",
    rule: builtins,
  },
  {
    name: 'domain uses valibot, libphonenumber-js and itself',
    filePath: domain,
    code: [
      "import { parsePhoneNumberFromString } from 'libphonenumber-js/min';",
      "import * as v from 'valibot';",
      "import { plainText } from './validation';",
      '',
      'export { parsePhoneNumberFromString, plainText, v };',
      '',
    ].join('\n'),
    rule: null,
  },

  // The two audiences and the shared UI.
  {
    name: 'customer page imports the console',
    filePath: page,
    code: "import { Dashboard } from '../../console/dashboard/dashboard-page';\nexport { Dashboard };\n",
    rule: zones,
  },
  {
    name: 'customer page imports the console lazily',
    filePath: page,
    code: "export const load = () => import('../../console/dashboard/dashboard-page');\n",
    rule: zones,
  },
  {
    name: 'customer page uses components, domain, machines and its siblings',
    filePath: page,
    code: [
      "import { profileMachine } from '../../../machines/profile/profile.machine';",
      "import { TextField } from '../../components/fields/text-field';",
      "import { US_STATES } from '../../domain/us-states';",
      "import { ProfileForm } from './profile-form';",
      '',
      'export { profileMachine, ProfileForm, TextField, US_STATES };',
      '',
    ].join('\n'),
    rule: null,
  },
  {
    name: 'console imports a customer page',
    filePath: consolePage,
    code: "import { ProfileForm } from '../pages/home/profile-form';\nexport { ProfileForm };\n",
    rule: zones,
  },
  {
    name: 'console uses components and domain',
    filePath: consolePage,
    code: [
      "import { PageShell } from '../components/page-shell/page-shell';",
      "import { customerSchema } from '../domain/customer';",
      '',
      'export { customerSchema, PageShell };',
      '',
    ].join('\n'),
    rule: null,
  },
  {
    name: 'component imports a customer page',
    filePath: component,
    code: "import { ProfileForm } from '../pages/home/profile-form';\nexport { ProfileForm };\n",
    rule: zones,
  },
  {
    name: 'component imports the console',
    filePath: component,
    code: "import { Dashboard } from '../console/dashboard/dashboard-page';\nexport { Dashboard };\n",
    rule: zones,
  },
  {
    name: 'component uses other components and domain',
    filePath: component,
    code: [
      "import { TextField } from './fields/text-field';",
      "import { US_STATES } from '../domain/us-states';",
      '',
      'export { TextField, US_STATES };',
      '',
    ].join('\n'),
    rule: null,
  },
  {
    name: 'src/lib imports a customer page',
    filePath: lib,
    code: "import type { FirstLookupContext } from '../pages/home/first-lookup-context';\nexport type Context = typeof FirstLookupContext;\n",
    rule: zones,
  },
  {
    name: 'src/lib imports the console',
    filePath: lib,
    code: "export const load = () => import('../console/dashboard/dashboard-page');\n",
    rule: zones,
  },
  {
    name: 'src/lib imports a chart',
    filePath: lib,
    code: "import type { ProfileContext } from '../../machines/profile/profile.types';\nexport type Context = ProfileContext;\n",
    rule: zones,
  },
  {
    name: 'src/lib uses src/domain and itself',
    filePath: lib,
    code: [
      "import { FIRST_LOOKUP_ELEMENT_ID } from '../domain/registration-lookup';",
      "import { loadProgress } from './session-store';",
      '',
      'export { FIRST_LOOKUP_ELEMENT_ID, loadProgress };',
      '',
    ].join('\n'),
    rule: null,
  },
  {
    name: 'browser code imports the server',
    filePath: lib,
    code: "import { loadEnv } from '../../server/env';\nexport { loadEnv };\n",
    rule: zones,
  },
];
