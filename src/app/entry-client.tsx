import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { z } from 'zod';
import { toasterSettings } from '../shared/lib/flash-toast';
import { AuthScreen } from './auth/auth-screen';
import { InvitationScreen } from './auth/invitation-screen';
import { PendingToast } from './auth/pending-toast';
import { ResetPasswordScreen } from './auth/reset-password-screen';
import { SetupScreen } from './auth/setup-screen';
import { VerifyScreen } from './auth/verify-screen';

// zod compiles object parsers with `new Function` unless told not to; our CSP has no 'unsafe-eval',
// so its probe would only raise a CSP violation report on every admin screen that validates a form.
z.config({ jitless: true });

const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 15_000, retry: 1, refetchOnWindowFocus: false } },
});

const router = createBrowserRouter([
  { path: '/auth', element: <AuthScreen /> },
  { path: '/auth/reset-password', element: <ResetPasswordScreen /> },
  { path: '/auth/verify', element: <VerifyScreen /> },
  { path: '/auth/invitation', element: <InvitationScreen /> },
  { path: '/setup', element: <SetupScreen /> },
  {
    path: '/admin/*',
    // The admin is its own chunk: the auth screens never download it.
    lazy: async () => ({ Component: (await import('./admin/admin-app')).AdminApp }),
  },
]);

const root = document.getElementById('app');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <Toaster {...toasterSettings} />
        <PendingToast />
      </QueryClientProvider>
    </StrictMode>,
  );
}
