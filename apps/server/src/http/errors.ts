import { MSG } from '@atalaya/domain';

/**
 * The one error class of the server: an HTTP status and the Spanish `Message` the client
 * shows. Thrown anywhere; the error handler formats it.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string) => new AppError(400, message);

export const unauthorized = (message: string = MSG.errors.unauthenticated) => new AppError(401, message);

export const forbidden = (message: string = MSG.errors.forbidden) => new AppError(403, message);

export const notFound = (message: string = MSG.errors.notFoundTitle) => new AppError(404, message);

export const tooManyRequests = (message: string = MSG.errors.tooManyRequests) => new AppError(429, message);
