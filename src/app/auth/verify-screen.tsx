import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Spinner } from '../../shared/ui/spinner';
import { api, ApiError } from '../../shared/lib/api-client';
import { setFlashToast } from '../../shared/lib/flash-toast';
import { useSiteTitle } from '../lib/site-title';
import { AuthLayout, secondaryLinkClass } from './auth-layout';

/**
 * /auth/verify?token=…: confirms the e-mail address, then returns to the home page, which
 * shows the 'E-mail confirmed' toast. The history entry is replaced: going back to a used
 * link would only report it as used.
 */
export function VerifyScreen() {
  const siteTitle = useSiteTitle();
  const [params] = useSearchParams();
  const [state, setState] = useState<'working' | 'done' | 'failed'>('working');
  const [message, setMessage] = useState('');
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const token = params.get('token');
    if (!token) {
      setState('failed');
      setMessage('This verification link is missing its token. Open the link from the e-mail again.');
      return;
    }
    api
      .post<{ message: string }>('/api/v1/auth/verify', { token })
      .then((result) => {
        setState('done');
        setMessage(result.message);
        setFlashToast({ type: 'success', title: 'E-mail confirmed', description: result.message });
        window.location.replace('/');
      })
      .catch((error: unknown) => {
        setState('failed');
        const text = error instanceof ApiError ? error.message : 'An unexpected error occurred.';
        setMessage(text);
        toast.error('Verification failed', { description: text });
      });
  }, [params]);

  return (
    <AuthLayout title={siteTitle} subtitle="Confirm your e-mail address">
      <div className="py-2 text-center text-sm leading-relaxed text-stone-700 dark:text-stone-300" role="status">
        {state === 'working' ? (
          <span className="inline-flex items-center gap-2">
            <Spinner /> Confirming your e-mail address...
          </span>
        ) : (
          <p>{message}</p>
        )}
        {state === 'done' ? <p className="mt-2 text-stone-500">Taking you to the home page…</p> : null}
        {state === 'failed' ? (
          <a href="/auth" className={`mt-6 ${secondaryLinkClass}`}>
            Back to Sign In
          </a>
        ) : null}
      </div>
    </AuthLayout>
  );
}
