import { defineConfig } from 'vitest/config';

/**
 * `npm run test:container`: the image built from the Dockerfile and run against this machine's PostgreSQL and Redis
 * (tests/container/image.test.ts). Not part of `npm test`, whose configuration leaves this file out: the build alone
 * takes minutes.
 */
export default defineConfig({
  test: {
    include: ['tests/container/image.test.ts'],
    testTimeout: 300_000,
    hookTimeout: 40 * 60_000,
  },
});
