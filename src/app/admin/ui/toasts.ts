import { toast } from 'sonner';
import { ApiError } from '../../../shared/lib/api-client';

/**
 * Spec section 8: admin failures read '<what failed>. Please try again.'; a server message
 * that explains more (a taken slug, a conflict) is shown instead when there is one.
 */
export function toastFailure(failure: string, error: unknown): void {
  const useServerText = error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 404;
  toast.error('Error', { description: useServerText ? error.message : `${failure} Please try again.` });
}

export function toastSuccess(title: string, description?: string): void {
  toast.success(title, description ? { description } : undefined);
}
