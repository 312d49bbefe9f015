import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LogOut, MoreHorizontal, Search, ShieldCheck, UserCheck, UserPlus, UserX } from 'lucide-react';
import { useEffect, useId, useMemo, useState } from 'react';
import type { UserListItem, UserList } from '../../../features/users/users.dto';
import { api, fetchSession } from '../../../shared/lib/api-client';
import { exactTime, relativeTime } from '../../../shared/lib/relative-time';
import { Button } from '../../../shared/ui/button';
import { inputClass } from '../../../shared/ui/field';
import { Spinner } from '../../../shared/ui/spinner';
import { confirmInApp } from '../ui/confirm-provider';
import { toastFailure, toastSuccess } from '../ui/toasts';
import { InviteUserDialog } from './invite-user-dialog';
import { PendingInvitations } from './pending-invitations';
import { roleLabels, roleOptions, usersKey, type Role } from './team-users-data';
import { LoadMore } from '../ui/load-more';

const pageSize = 50;
const searchDelayMs = 250;

type UserChange = { user: UserListItem } & ({ role: Role } | { disabled: boolean });

const statusBadges = {
  active: ['Active', 'bg-emerald-100 text-emerald-800'],
  disabled: ['Disabled', 'bg-stone-200 text-stone-800'],
  unverified: ['Unverified', 'bg-amber-100 text-amber-900'],
} as const;

function useDebounced(value: string, delayMs: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

/** Team → Users (decision 38): accounts with their role and status; invite, change roles, disable. */
export function UsersScreen() {
  const queryClient = useQueryClient();
  const searchId = useId();
  const roleFilterId = useId();
  const [search, setSearch] = useState('');
  const [roleFilter, setRoleFilter] = useState<Role | ''>('');
  const [inviting, setInviting] = useState(false);
  const q = useDebounced(search.trim(), searchDelayMs);
  const session = useQuery({ queryKey: ['session'], queryFn: fetchSession });
  const selfId = session.data?.user?.id;

  const list = useInfiniteQuery({
    queryKey: [...usersKey, q, roleFilter],
    queryFn: ({ pageParam }) => {
      const params = new URLSearchParams({ limit: String(pageSize) });
      if (q) params.set('q', q);
      if (roleFilter) params.set('role', roleFilter);
      if (pageParam) params.set('cursor', pageParam);
      return api.get<UserList>(`/api/v1/users?${params.toString()}`);
    },
    initialPageParam: '',
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const users = useMemo(() => list.data?.pages.flatMap((page) => page.items) ?? [], [list.data]);

  const change = useMutation({
    mutationFn: ({ user, ...body }: UserChange) => api.patch<{ user: UserListItem }>(`/api/v1/users/${user.id}`, body),
    onSuccess: async ({ user }, request) => {
      const name = user.full_name;
      if ('role' in request) toastSuccess(`${name} is now ${roleLabels[user.role].toLowerCase()}`);
      else if (request.disabled) toastSuccess(`${name}’s account is disabled`, 'They were signed out everywhere.');
      else toastSuccess(`${name}’s account is enabled`, 'They can sign in again.');
      await queryClient.invalidateQueries({ queryKey: usersKey });
      // Someone who made themself an editor has no Team section any more.
      if (user.id === selfId) window.location.assign('/admin');
    },
    onError: (error) => toastFailure('Saving the change failed.', error),
  });

  const signOut = useMutation({
    mutationFn: (user: UserListItem) => api.post(`/api/v1/users/${user.id}/sign-out-everywhere`),
    onSuccess: (_answer, user) => toastSuccess(`${user.full_name} was signed out everywhere`),
    onError: (error) => toastFailure('Signing out failed.', error),
  });

  const changeRole = async (user: UserListItem, role: Role) => {
    if (user.id === selfId && role !== 'admin') {
      const sure = await confirmInApp({
        title: `Make yourself ${roleLabels[role].toLowerCase()}?`,
        description:
          'You lose the Team, settings and backups sections at once. Another admin can make you admin again.',
        confirmLabel: `Become ${roleLabels[role].toLowerCase()}`,
      });
      if (!sure) return;
    }
    change.mutate({ user, role });
  };

  const toggleDisabled = async (user: UserListItem) => {
    if (user.status === 'disabled') {
      change.mutate({ user, disabled: false });
      return;
    }
    const sure = await confirmInApp({
      title: `Disable ${user.full_name}’s account?`,
      description: `${user.email} is signed out everywhere at once and cannot sign in until an admin enables the account again. Nothing they made is removed.`,
      confirmLabel: 'Disable account',
    });
    if (sure) change.mutate({ user, disabled: true });
  };

  const askSignOut = async (user: UserListItem) => {
    const sure = await confirmInApp({
      title: `Sign ${user.full_name} out everywhere?`,
      description: 'Every browser where they are signed in has to sign in again. Their account stays as it is.',
      confirmLabel: 'Sign out everywhere',
    });
    if (sure) signOut.mutate(user);
  };

  const now = new Date();
  const filtering = q !== '' || roleFilter !== '';
  return (
    <section aria-labelledby="users-title">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="users-title" className="mr-auto text-lg font-semibold text-stone-900 dark:text-stone-50">
          Users
        </h2>
        <Button icon={<UserPlus aria-hidden="true" className="size-4" />} onClick={() => setInviting(true)}>
          Invite user
        </Button>
      </div>
      <p className="mt-1 text-sm text-stone-600 dark:text-stone-400">
        Admins manage everything, editors the content; viewers cannot open the admin.
      </p>

      <div className="mt-4 flex flex-wrap gap-3">
        <div className="relative min-w-0 flex-1 basis-60">
          <label htmlFor={searchId} className="sr-only">
            Search users
          </label>
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-stone-500"
          />
          <input
            id={searchId}
            type="search"
            value={search}
            placeholder="Search by name or e-mail"
            onChange={(event) => setSearch(event.target.value)}
            className={`${inputClass} pl-9`}
          />
        </div>
        <div className="w-40 shrink-0">
          <label htmlFor={roleFilterId} className="sr-only">
            Role
          </label>
          <select
            id={roleFilterId}
            value={roleFilter}
            onChange={(event) => setRoleFilter(event.target.value as Role | '')}
            className={inputClass}
          >
            <option value="">All roles</option>
            {roleOptions.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      </div>

      {list.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner className="size-6" label="Loading users" />
        </div>
      ) : list.isError ? (
        <p role="alert" className="mt-4 rounded-lg bg-red-50 p-4 text-sm text-red-800">
          The users could not be loaded.{' '}
          <button type="button" className="font-semibold underline" onClick={() => void list.refetch()}>
            Try again
          </button>
        </p>
      ) : users.length === 0 ? (
        <p className="mt-4 rounded-xl border border-dashed border-stone-300 bg-white px-6 py-10 text-center text-sm text-stone-600 dark:border-white/15 dark:bg-abyss-900 dark:text-stone-300">
          {filtering ? 'Nobody matches this search.' : 'No accounts yet.'}
        </p>
      ) : (
        <div className="mt-4 overflow-hidden rounded-xl border border-stone-200 bg-white dark:border-white/10 dark:bg-abyss-900">
          <table className="block w-full text-left text-sm md:table">
            <caption className="sr-only">Accounts, by name</caption>
            <thead className="hidden border-b border-stone-200 bg-stone-50 text-xs text-stone-600 md:table-header-group dark:border-white/10 dark:bg-abyss-950/40 dark:text-stone-400">
              <tr>
                <th scope="col" className="px-4 py-2 font-semibold">
                  Name
                </th>
                <th scope="col" className="px-4 py-2 font-semibold">
                  E-mail
                </th>
                <th scope="col" className="px-4 py-2 font-semibold">
                  Role
                </th>
                <th scope="col" className="px-4 py-2 font-semibold">
                  Status
                </th>
                <th scope="col" className="px-4 py-2 font-semibold">
                  Last sign-in
                </th>
                <th scope="col" className="px-4 py-2 font-semibold">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="block divide-y divide-stone-200 md:table-row-group dark:divide-white/10">
              {users.map((user) => (
                <UserRow
                  key={user.id}
                  user={user}
                  isSelf={user.id === selfId}
                  now={now}
                  busy={
                    (change.isPending && change.variables?.user.id === user.id) ||
                    (signOut.isPending && signOut.variables?.id === user.id)
                  }
                  onRole={(role) => void changeRole(user, role)}
                  onToggleDisabled={() => void toggleDisabled(user)}
                  onSignOut={() => void askSignOut(user)}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <LoadMore list={list} />

      <PendingInvitations />
      <InviteUserDialog open={inviting} onOpenChange={setInviting} />
    </section>
  );
}

const cellClass = 'block px-4 md:table-cell md:py-2.5';

function UserRow({
  user,
  isSelf,
  now,
  busy,
  onRole,
  onToggleDisabled,
  onSignOut,
}: {
  user: UserListItem;
  isSelf: boolean;
  now: Date;
  busy: boolean;
  onRole: (role: Role) => void;
  onToggleDisabled: () => void;
  onSignOut: () => void;
}) {
  const [statusLabel, statusClass] = statusBadges[user.status];
  const lastSignIn = user.last_sign_in_at ? new Date(user.last_sign_in_at) : null;
  return (
    <tr className="grid grid-cols-[1fr_auto] items-center gap-y-1.5 py-3 align-middle md:table-row md:py-0">
      <th scope="row" className={`${cellClass} font-normal`}>
        <span className="flex flex-wrap items-center gap-2">
          <span className="font-semibold [overflow-wrap:anywhere] text-stone-900 dark:text-stone-50">
            {user.full_name}
          </span>
          {isSelf ? (
            <span className="rounded-full bg-lagoon-50 px-2 py-0.5 text-xs font-semibold text-lagoon-900 ring-1 ring-lagoon-200">
              You
            </span>
          ) : null}
        </span>
      </th>
      <td className={`${cellClass} col-span-2 row-start-2 text-stone-700 [overflow-wrap:anywhere] dark:text-stone-300`}>
        {user.email}
      </td>
      <td className={`${cellClass} col-span-2 row-start-3`}>
        <select
          aria-label={`Role of ${user.full_name}`}
          value={user.role}
          disabled={busy}
          onChange={(event) => onRole(event.target.value as Role)}
          className={`${inputClass} !w-32 !py-1.5`}
        >
          {roleOptions.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </td>
      <td className={`${cellClass} row-start-4 md:whitespace-nowrap`}>
        <span className="flex flex-wrap items-center gap-2">
          <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${statusClass}`}>{statusLabel}</span>
          {user.two_factor ? (
            <span className="inline-flex items-center gap-1 text-xs font-medium text-lagoon-800 dark:text-lagoon-300">
              <ShieldCheck aria-hidden="true" className="size-3.5" /> Two-factor
            </span>
          ) : null}
        </span>
      </td>
      <td
        className={`${cellClass} row-start-4 text-right text-xs text-stone-600 md:text-left md:text-sm md:whitespace-nowrap md:text-stone-700 dark:text-stone-300`}
      >
        <span className="md:sr-only">Last sign-in: </span>
        {lastSignIn ? (
          <time dateTime={user.last_sign_in_at ?? undefined} title={exactTime(lastSignIn)}>
            {relativeTime(lastSignIn, now)}
          </time>
        ) : (
          'Never'
        )}
      </td>
      <td className={`${cellClass} col-start-2 row-start-1 text-right`}>
        {isSelf ? null : (
          <UserActions user={user} busy={busy} onToggleDisabled={onToggleDisabled} onSignOut={onSignOut} />
        )}
      </td>
    </tr>
  );
}

const itemClass =
  'flex cursor-pointer items-center gap-2 rounded px-2 py-2 font-medium text-stone-800 outline-none data-[disabled]:cursor-not-allowed data-[disabled]:opacity-60 data-[highlighted]:bg-stone-100 dark:text-stone-100 dark:data-[highlighted]:bg-white/10';

/** The row's menu: disable or enable the account, sign it out everywhere. */
function UserActions({
  user,
  busy,
  onToggleDisabled,
  onSignOut,
}: {
  user: UserListItem;
  busy: boolean;
  onToggleDisabled: () => void;
  onSignOut: () => void;
}) {
  const disabled = user.status === 'disabled';
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <Button
          variant="ghost"
          size="sm"
          busy={busy}
          aria-label={`Actions for ${user.full_name}`}
          className="w-8 !px-0"
          icon={<MoreHorizontal aria-hidden="true" className="size-4" />}
        />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={4}
          collisionPadding={8}
          className="z-40 min-w-52 rounded-lg border border-stone-200 bg-white p-1 text-sm shadow-lg dark:border-white/10 dark:bg-abyss-900"
        >
          <DropdownMenu.Item className={itemClass} onSelect={onToggleDisabled}>
            {disabled ? (
              <UserCheck aria-hidden="true" className="size-4" />
            ) : (
              <UserX aria-hidden="true" className="size-4" />
            )}
            {disabled ? 'Enable account' : 'Disable account'}
          </DropdownMenu.Item>
          <DropdownMenu.Item className={itemClass} disabled={disabled} onSelect={onSignOut}>
            <LogOut aria-hidden="true" className="size-4" /> Sign out everywhere
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
