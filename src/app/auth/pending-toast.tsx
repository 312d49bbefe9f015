import { useEffect } from 'react';
import { toast } from 'sonner';
import { takeFlashToast } from '../../shared/lib/flash-toast';

/**
 * Shows the toast a previous page left for this one (e.g. 'Welcome back!' after signing in
 * with ?next=/admin). Rendered after the <Toaster>, whose subscription effect runs first.
 */
export function PendingToast() {
  useEffect(() => {
    const pending = takeFlashToast();
    if (pending) toast[pending.type](pending.title, { description: pending.description });
  }, []);
  return null;
}
