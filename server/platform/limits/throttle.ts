import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import {
  RateLimiterDrizzle,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import { rateLimits } from '../db/schema';
import { ApiError } from '../http/api-error';
import type { LimitStore } from './limit-store';

interface Budget {
  /** Names the counter; keys of different throttles never meet. */
  name: string;
  points: number;
  seconds: number;
  /** What the caller is told with the 429. */
  message: string;
}

function limiterFor(store: LimitStore, budget: Budget): RateLimiterAbstract {
  const options = { keyPrefix: budget.name, points: budget.points, duration: budget.seconds };
  switch (store.kind) {
    case 'memory':
      return new RateLimiterMemory(options);
    case 'database':
      // Expired rows are deleted by the retention pass (server/features/retention/), not by a timer per limiter.
      return new RateLimiterDrizzle({
        ...options,
        storeClient: store.db,
        schema: rateLimits,
        clearExpiredByTimeout: false,
      });
    case 'redis':
      return new RateLimiterRedis({
        ...options,
        storeClient: store.client,
        rejectIfRedisNotReady: true,
        insuranceLimiter: new RateLimiterMemory(options),
      });
  }
}

/**
 * The limiter, given the SHA-256 of each key rather than the key: a key may be a customer's id or a client's
 * address, and a counter kept until its window ends (a day, in a table or in Redis) must not name them after an
 * erasure (decision 041).
 */
function hashingKeys(limiter: RateLimiterAbstract) {
  const stored = (key: string) => createHash('sha256').update(key).digest('base64url');
  return {
    consume: (key: string) => limiter.consume(stored(key)),
    get: (key: string) => limiter.get(stored(key)),
  };
}

/** A budget of requests per key and window, counted atomically in the configured store. */
export class Throttle {
  private readonly limiter: ReturnType<typeof hashingKeys>;

  constructor(
    store: LimitStore,
    private readonly budget: Budget,
  ) {
    this.limiter = hashingKeys(limiterFor(store, budget));
  }

  private refuse(c: Context, msBeforeNext: number): never {
    c.header('Retry-After', String(Math.max(1, Math.ceil(msBeforeNext / 1000))));
    throw new ApiError(429, 'rate_limited', this.budget.message);
  }

  /** Counts one against `key`; past the budget, answers 429 with Retry-After. */
  async take(c: Context, key: string): Promise<void> {
    try {
      await this.limiter.consume(key);
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) this.refuse(c, rejection.msBeforeNext);
      throw rejection;
    }
  }

  /**
   * Counts one against `key` and answers whether it was within the budget, for work that is skipped rather than
   * refused past it (a case not opened, decision 039; a reply to a text, decision 040).
   */
  async spend(key: string): Promise<boolean> {
    try {
      await this.limiter.consume(key);
      return true;
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) return false;
      throw rejection;
    }
  }

  /** Answers 429 when `key` has already spent its budget, without counting. */
  async check(c: Context, key: string): Promise<void> {
    const counted = await this.limiter.get(key);
    if (counted && counted.consumedPoints >= this.budget.points) this.refuse(c, counted.msBeforeNext);
  }
}
