import { useQuery } from '@tanstack/react-query';
import { Navigate, Route, Routes } from 'react-router';
import { toast } from 'sonner';
import { Spinner } from '../../shared/ui/spinner';
import { api, fetchSession } from '../../shared/lib/api-client';
import { AccountScreen } from './account/account-screen';
import { AdminHeader } from './admin-header';
import { AdminNotFound } from './admin-not-found';
import { adminTabs, tabsFor } from './admin-tabs';
import { ConfirmProvider } from './ui/confirm-provider';
import { EditorFieldProviders } from './ui/editor-field-providers';

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
  // Held at the door (decision 39): only the Account screen, where two-factor is turned on, until it is.
  const mustSetUpTwoFactor = user?.two_factor_setup_required === true;
  const tabs = mustSetUpTwoFactor ? [] : tabsFor(user?.role);

  const signOut = async () => {
    try {
      await api.post('/api/v1/auth/sign-out');
      window.location.assign('/');
    } catch {
      toast.error('Error', { description: 'Signing out failed. Please try again.' });
    }
  };

  return (
    <ConfirmProvider>
      <div className="min-h-screen">
        <AdminHeader tabs={tabs} userName={user?.fullName} onSignOut={() => void signOut()} />
        <main className="mx-auto max-w-7xl px-4 py-6 sm:px-6">
          {/* Every image field in the admin can choose from the media library, every link field a page. */}
          <EditorFieldProviders>
            {mustSetUpTwoFactor ? (
              <Routes>
                <Route path="account" element={<AccountScreen />} />
                <Route path="*" element={<Navigate to="/admin/account" replace />} />
              </Routes>
            ) : (
              <Routes>
                <Route index element={<Navigate to={`/admin/${tabs[0]?.path ?? ''}`} replace />} />
                {tabs.map((tab) => (
                  // Pages and Team have screens below them; each answers unknown ones itself.
                  <Route
                    key={tab.path}
                    path={tab.path === 'pages' || tab.path === 'team' ? `${tab.path}/*` : tab.path}
                    element={<tab.Screen />}
                  />
                ))}
                {adminTabs
                  .filter((tab) => !tabs.includes(tab))
                  .map((tab) => (
                    <Route key={tab.path} path={tab.path} element={<AdminNotFound adminsOnly />} />
                  ))}
                <Route path="*" element={<AdminNotFound />} />
              </Routes>
            )}
          </EditorFieldProviders>
        </main>
      </div>
    </ConfirmProvider>
  );
}
