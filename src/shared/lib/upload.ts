import { ApiError, csrfTokenForWrites } from './api-client';

/** Where one upload request is: sending bytes (with how many went), then waiting for the server. */
export type UploadProgress = { phase: 'uploading'; loaded: number; total: number } | { phase: 'processing' };

export interface UploadOptions {
  /** Defaults to the media library's upload endpoint. */
  url?: string;
  /** Aborts the request; the promise then rejects with an ApiError of code 'aborted'. */
  signal?: AbortSignal;
}

const defaultFailure = 'Failed to upload image. Please try again.';

function send<T>(
  file: File,
  fields: Record<string, string | null | undefined>,
  onProgress: (progress: UploadProgress) => void,
  csrf: string,
  options: UploadOptions,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const form = new FormData();
    // Fields first: a streaming multipart reader sees them before the file.
    for (const [name, value] of Object.entries(fields)) {
      if (value !== null && value !== undefined && value !== '') form.append(name, value);
    }
    form.append('file', file, file.name);

    const xhr = new XMLHttpRequest();
    xhr.open('POST', options.url ?? '/api/v1/media');
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    xhr.setRequestHeader('x-csrf-token', csrf);
    xhr.upload.onprogress = (event) => {
      onProgress({ phase: 'uploading', loaded: event.loaded, total: event.lengthComputable ? event.total : file.size });
    };
    xhr.upload.onload = () => onProgress({ phase: 'processing' });
    xhr.onerror = () => reject(new ApiError(0, 'network_error', defaultFailure));
    xhr.onabort = () => reject(new ApiError(0, 'aborted', 'The upload was cancelled.'));
    xhr.onload = () => {
      let body: unknown;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve(body as T);
        return;
      }
      const error = (body as { error?: { code?: string; message?: string; field?: string } } | undefined)?.error;
      reject(new ApiError(xhr.status, error?.code ?? 'upload_failed', error?.message ?? defaultFailure, error?.field));
    };
    if (options.signal) {
      if (options.signal.aborted) {
        reject(new ApiError(0, 'aborted', 'The upload was cancelled.'));
        return;
      }
      options.signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send(form);
  });
}

/**
 * A multipart upload of one file (field 'file') with extra form fields, reporting the bytes sent
 * as they go (fetch cannot report upload progress, XMLHttpRequest can). Sends the CSRF token the
 * server expects, fetching it once; a refused token is fetched again and the upload retried once.
 * Rejects with an ApiError carrying the server's code and message.
 */
export async function uploadWithProgress<T>(
  file: File,
  fields: Record<string, string | null | undefined>,
  onProgress: (progress: UploadProgress) => void,
  options: UploadOptions = {},
): Promise<T> {
  try {
    return await send<T>(file, fields, onProgress, await csrfTokenForWrites(), options);
  } catch (error) {
    if (error instanceof ApiError && error.status === 403 && error.code === 'csrf_failed') {
      return send<T>(file, fields, onProgress, await csrfTokenForWrites(true), options);
    }
    throw error;
  }
}
