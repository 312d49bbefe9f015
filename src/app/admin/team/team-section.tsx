import { NavLink, Navigate, Route, Routes } from 'react-router';
import { AdminNotFound } from '../admin-not-found';
import type { TeamScreenPath } from '../admin-paths';
import { ApiTokensScreen } from './api-tokens-screen';
import { AuditScreen } from './audit-screen';
import { UsersScreen } from './users-screen';
import { WebhooksScreen } from './webhooks-screen';

const teamScreens: Array<{ path: TeamScreenPath; label: string; Screen: () => React.JSX.Element }> = [
  { path: 'users', label: 'Users', Screen: UsersScreen },
  { path: 'audit', label: 'Audit log', Screen: AuditScreen },
  { path: 'api-tokens', label: 'API tokens', Screen: ApiTokensScreen },
  { path: 'webhooks', label: 'Webhooks', Screen: WebhooksScreen },
];

/** /admin/team/*: people and what acts on their behalf (admins only). */
export function TeamSection() {
  return (
    <div className="grid gap-6 lg:grid-cols-[12rem_1fr]">
      <nav aria-label="Team" className="-mx-1 overflow-x-auto lg:mx-0">
        <ul className="flex gap-1 lg:flex-col">
          {teamScreens.map((screen) => (
            <li key={screen.path} className="shrink-0">
              <NavLink
                to={`/admin/team/${screen.path}`}
                className={({ isActive }) =>
                  `block rounded-md px-3 py-1.5 text-sm font-medium whitespace-nowrap ${
                    isActive
                      ? 'bg-lagoon-50 text-lagoon-900 dark:bg-lagoon-400/10 dark:text-lagoon-100'
                      : 'text-stone-600 hover:bg-stone-100 hover:text-stone-900 dark:text-stone-400 dark:hover:bg-white/5 dark:hover:text-stone-100'
                  }`
                }
              >
                {screen.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="min-w-0">
        <Routes>
          <Route index element={<Navigate to="/admin/team/users" replace />} />
          {teamScreens.map((screen) => (
            <Route key={screen.path} path={screen.path} element={<screen.Screen />} />
          ))}
          <Route path="*" element={<AdminNotFound />} />
        </Routes>
      </div>
    </div>
  );
}
