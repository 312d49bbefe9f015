import { ApiError } from '../../../shared/lib/api-client';
import { uploadErrorMessages } from '../../../features/media/media.dto';

/** Spec section 4: an upload is idle, uploading, processing, complete or error. */
export type UploadStatus = 'idle' | 'uploading' | 'processing' | 'complete' | 'error';

/**
 * The spec's progress steps: 0 before the start, 20 when the request starts, 40..70 while the
 * bytes go out (scaled from the browser's upload progress), 70 while the server processes,
 * 90 when its answer arrives, 100 when complete.
 */
export const progressSteps = {
  idle: 0,
  started: 20,
  sendingFrom: 40,
  sent: 70,
  answered: 90,
  complete: 100,
} as const;

export function sendingProgress(loaded: number, total: number): number {
  const fraction = total > 0 ? Math.min(1, Math.max(0, loaded / total)) : 0;
  return Math.round(progressSteps.sendingFrom + fraction * (progressSteps.sent - progressSteps.sendingFrom));
}

export const invalidFileToast = uploadErrorMessages.invalid_file;
export const defaultUploadFailure = uploadErrorMessages.upload_failed.message;

/** Only files the browser calls images are sent (spec section 5); the server checks the bytes. */
export const isImageFile = (file: File) => file.type.startsWith('image/');

export interface UploadFailure {
  /** The toast's title. */
  title: string;
  /** The message shown on the file's row and in the toast. */
  message: string;
}

/**
 * Spec section 8: 'Upload failed: ' plus the server's text, or the default 'Failed to upload
 * image. Please try again.'; a file that is no image gets 'Invalid file' / 'Please select an
 * image file.' (decision 29).
 */
export function describeUploadFailure(code: string | undefined, serverMessage: string | undefined): UploadFailure {
  if (code === 'invalid_file') return { title: invalidFileToast.title, message: invalidFileToast.message };
  const known =
    code && code in uploadErrorMessages ? uploadErrorMessages[code as keyof typeof uploadErrorMessages] : null;
  const text = serverMessage?.trim() || known?.message;
  if (!text || code === 'upload_failed' || code === 'network_error' || text === defaultUploadFailure) {
    return { title: 'Error', message: defaultUploadFailure };
  }
  return { title: known?.title ?? 'Upload failed', message: `Upload failed: ${text}` };
}

export function uploadFailureOf(error: unknown): UploadFailure {
  if (error instanceof ApiError) {
    // An unexpected server error (5xx without a known code) carries no useful text for the editor.
    if (error.status >= 500 && !(error.code in uploadErrorMessages)) {
      return describeUploadFailure('upload_failed', undefined);
    }
    return describeUploadFailure(error.code, error.message);
  }
  return describeUploadFailure(undefined, undefined);
}
