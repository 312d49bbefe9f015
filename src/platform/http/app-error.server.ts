/** An error meant for the API client: status, a stable code, a human message and maybe the field. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly field?: string,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (what: string) => new AppError(404, 'not_found', `${what} was not found.`);
export const badRequest = (code: string, message: string, field?: string) => new AppError(400, code, message, field);
export const conflict = (code: string, message: string, field?: string) => new AppError(409, code, message, field);

/** decision 19: the text an editor sees when someone else saved first. */
export const versionConflictMessage = 'This was changed by someone else. Reload to see their changes.';
export const versionConflict = () => conflict('version_conflict', versionConflictMessage);

export interface ErrorBody {
  error: { code: string; message: string; field?: string };
}
