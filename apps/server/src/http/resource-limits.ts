import { MSG } from '@atalaya/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import type { AppError} from './errors.js';
import { tooManyRequests } from './errors.js';

/**
 * Limits on what one user or many at once can make the server keep (issue 15 §5): how many
 * uploads and case PDFs one user may ask for per minute (429), and how many uploads this
 * process receives and stores at once (the others wait for a slot, then 503). Registered once
 * on the root instance (`registerResourceLimits`); the upload and PDF routes read them.
 */

/** A counting semaphore whose waiters give up after a while. */
export class Semaphore {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(readonly size: number) {}

  /** Takes a slot, waiting at most `waitMs`; false when none came free in time. */
  async acquire(waitMs: number): Promise<boolean> {
    if (this.active < this.size) {
      this.active += 1;
      return true;
    }
    return new Promise<boolean>((resolve) => {
      const grant = () => {
        clearTimeout(timer);
        resolve(true);
      };
      const timer = setTimeout(() => {
        const index = this.waiting.indexOf(grant);
        if (index >= 0) this.waiting.splice(index, 1);
        resolve(false);
      }, waitMs);
      this.waiting.push(grant);
    });
  }

  /** Gives a slot back: to the first waiter, if any (the count stays), else to the pool. */
  release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.active = Math.max(0, this.active - 1);
  }

  /** Slots in use (for tests and logs). */
  get inUse(): number {
    return this.active;
  }
}

/** A route's `config.rateLimit`: `max` requests per minute per signed-in user, answered 429 with `message`. */
export interface PerUserRateLimit {
  max: number;
  timeWindow: string;
  keyGenerator: (request: FastifyRequest) => string;
  errorResponseBuilder: () => AppError;
}

export interface ResourceLimits {
  /** Route `config.rateLimit` of the upload routes. */
  uploadRateLimit: PerUserRateLimit;
  /** Route `config.rateLimit` of the case PDF generation. */
  pdfRateLimit: PerUserRateLimit;
  /** The slots of uploads received and stored at once. */
  uploadSlots: Semaphore;
  /** How long an upload waits for a slot (ms). */
  uploadWaitMs: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    resourceLimits: ResourceLimits;
  }
}

/**
 * The key of a per-user limit: the user's id (the role check ran before, in the app's
 * onRequest hook), or the address for a caller without one (refused by the role check anyway).
 */
function userKey(request: FastifyRequest): string {
  return request.user ? `user:${request.user.id}` : `ip:${request.ip}`;
}

export function perUserRateLimit(max: number, message: string): PerUserRateLimit {
  return { max, timeWindow: '1 minute', keyGenerator: userKey, errorResponseBuilder: () => tooManyRequests(message) };
}

/** Decorates the root instance with the limits from the configuration; call before the modules. */
export function registerResourceLimits(
  app: FastifyInstance,
  config: Pick<Config, 'uploadRateLimit' | 'pdfRateLimit' | 'maxConcurrentUploads' | 'uploadWaitSeconds'>,
): void {
  app.decorate('resourceLimits', {
    uploadRateLimit: perUserRateLimit(config.uploadRateLimit, MSG.files.tooManyUploads),
    pdfRateLimit: perUserRateLimit(config.pdfRateLimit, MSG.pdf.tooManyPdfs),
    uploadSlots: new Semaphore(config.maxConcurrentUploads),
    uploadWaitMs: config.uploadWaitSeconds * 1000,
  });
}
