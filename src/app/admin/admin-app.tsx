import { useQuery } from '@tanstack/react-query';
import { ExternalLink, LogOut } from 'lucide-react';
import { NavLink, Navigate, Route, Routes } from 'react-router';
import { toast } from 'sonner';
import { LogoMark } from '../../site/components/logo';
import { Spinner } from '../../shared/ui/spinner';
import { api, fetchSession } from '../../shared/lib/api-client';
import { tabsFor } from './admin-tabs';
import { ImagePickerProvider } from './media/image-picker';

/** /admin: 'Content Management System'. The server already refused anyone without the role. */
export function AdminApp() {
  const session = useQuery({ queryKey: ['session'], queryFn: fetchSession });

  if (session.isPending) {
    return (
      <div className="flex min-h-screen items-center justify-center">
        <Spinner className="size-6" label="Loading" />
      </div>
    );
  }
  const user = session.data?.user;
  const tabs = tabsFor(user?.role);

  const signOut = async () => {
    try {
      await api.post('/api/v1/auth/sign-out');
      window.location.assign('/');
    } catch {
      toast.error('Error', { description: 'Signing out failed. Please try again.' });
    }
  };

  return (
    <div className="min-h-screen">
      <header className="border-b border-stone-200 bg-white dark:border-white/10 dark:bg-abyss-900">
        <div className="mx-auto flex h-14 max-w-7xl items-center gap-3 px-4 sm:px-6">
          <a href="/" className="flex items-center gap-2" aria-label="View the public site">
            <LogoMark className="size-7" />
          </a>
          <h1 className="text-base font-semibold text-stone-900 dark:text-stone-50">Content Management System</h1>
          <div className="ml-auto flex items-center gap-2 text-sm">
            <a
              href="/"
              className="hidden items-center gap-1.5 rounded-md px-2 py-1.5 text-stone-600 hover:bg-stone-100 sm:inline-flex dark:text-stone-300 dark:hover:bg-white/5"
            >
              <ExternalLink aria-hidden="true" className="size-4" /> View site
            </a>
            <span className="hidden text-stone-500 md:inline">{user?.fullName}</span>
            <button
              type="button"
              onClick={signOut}
              className="inline-flex items-center gap-1.5 rounded-md px-2 py-1.5 font-medium text-stone-700 hover:bg-stone-100 dark:text-stone-200 dark:hover:bg-white/5"
            >
              <LogOut aria-hidden="true" className="size-4" /> Sign Out
            </button>
          </div>
        </div>
        <nav aria-label="Admin sections" className="mx-auto max-w-7xl overflow-x-auto px-4 sm:px-6">
          <ul className="flex gap-1">
            {tabs.map((tab) => (
              <li key={tab.path}>
                <NavLink
                  to={`/admin/${tab.path}`}
                  className={({ isActive }) =>
                    `inline-flex items-center gap-2 border-b-2 px-3 py-2.5 text-sm font-medium whitespace-nowrap transition ${
                      isActive
                        ? 'border-lagoon-600 text-lagoon-800 dark:border-lagoon-400 dark:text-lagoon-200'
                        : 'border-transparent text-stone-600 hover:text-stone-900 dark:text-stone-400 dark:hover:text-stone-100'
                    }`
                  }
                >
                  <tab.icon aria-hidden="true" className="size-4" />
                  {tab.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <main className="mx-auto max-w-7xl px-4 py-6 sm:px-6">
        {/* Every image field in the admin can choose from the media library. */}
        <ImagePickerProvider>
          <Routes>
            <Route index element={<Navigate to={`/admin/${tabs[0]?.path ?? ''}`} replace />} />
            {tabs.map((tab) => (
              <Route key={tab.path} path={`${tab.path}/*`} element={<tab.Screen />} />
            ))}
            <Route
              path="*"
              element={
                <p role="alert" className="rounded-lg bg-stone-100 p-4 text-sm text-stone-700">
                  This section does not exist, or it is for admins only.
                </p>
              }
            />
          </Routes>
        </ImagePickerProvider>
      </main>
    </div>
  );
}
