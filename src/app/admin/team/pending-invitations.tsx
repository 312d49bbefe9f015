import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { Send, X } from 'lucide-react';
import { useMemo, useRef } from 'react';
import type { Invitation, InvitationList } from '../../../features/users/users.dto';
import { api } from '../../../shared/lib/api-client';
import { exactTime, relativeTime } from '../../../shared/lib/relative-time';
import { Button } from '../../../shared/ui/button';
import { Spinner } from '../../../shared/ui/spinner';
import { confirmInApp } from '../ui/confirm-provider';
import { toastFailure, toastSuccess } from '../ui/toasts';
import { invitationsKey, roleLabels } from './team-users-data';
import { LoadMore } from '../ui/load-more';

const pageSize = 50;

/** Invitations not accepted yet, under the Users table: resend (a new link) or revoke. */
export function PendingInvitations() {
  const queryClient = useQueryClient();
  const heading = useRef<HTMLHeadingElement>(null);
  const list = useInfiniteQuery({
    queryKey: invitationsKey,
    queryFn: ({ pageParam }) =>
      api.get<InvitationList>(
        `/api/v1/invitations?limit=${pageSize}${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ''}`,
      ),
    initialPageParam: '',
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    staleTime: 0,
  });
  const items = useMemo(() => list.data?.pages.flatMap((page) => page.items) ?? [], [list.data]);

  const resend = useMutation({
    mutationFn: (invitation: Invitation) => api.post<Invitation>(`/api/v1/invitations/${invitation.id}/resend`),
    onSuccess: async (invitation) => {
      toastSuccess(`Invitation sent again to ${invitation.email}`, 'The earlier link no longer works.');
      await queryClient.invalidateQueries({ queryKey: invitationsKey });
    },
    onError: (error) => toastFailure('Sending the invitation again failed.', error),
  });

  const revoke = useMutation({
    mutationFn: (invitation: Invitation) => api.delete(`/api/v1/invitations/${invitation.id}`),
    onSuccess: async (_answer, invitation) => {
      toastSuccess(`Invitation of ${invitation.email} revoked`, 'Its link no longer works.');
      await queryClient.invalidateQueries({ queryKey: invitationsKey });
      // The row and its button are gone: keep the keyboard user in this list.
      heading.current?.focus();
    },
    onError: (error) => toastFailure('Revoking the invitation failed.', error),
  });

  const askRevoke = async (invitation: Invitation) => {
    const sure = await confirmInApp({
      title: `Revoke the invitation of ${invitation.email}?`,
      description: 'The link we sent stops working. You can invite the address again later.',
      confirmLabel: 'Revoke invitation',
    });
    if (sure) revoke.mutate(invitation);
  };

  const now = new Date();
  return (
    <section aria-labelledby="invitations-title" className="mt-8">
      <h3
        id="invitations-title"
        ref={heading}
        tabIndex={-1}
        className="text-base font-semibold text-stone-900 outline-none dark:text-stone-50"
      >
        Pending invitations
      </h3>
      {list.isPending ? (
        <div className="flex justify-center py-8">
          <Spinner className="size-5" label="Loading invitations" />
        </div>
      ) : list.isError ? (
        <p role="alert" className="mt-3 rounded-lg bg-red-50 p-4 text-sm text-red-800">
          The invitations could not be loaded.{' '}
          <button type="button" className="font-semibold underline" onClick={() => void list.refetch()}>
            Try again
          </button>
        </p>
      ) : items.length === 0 ? (
        <p className="mt-2 text-sm text-stone-600 dark:text-stone-400">
          No pending invitations. Use Invite user to add someone.
        </p>
      ) : (
        <ul className="mt-3 divide-y divide-stone-200 rounded-xl border border-stone-200 bg-white dark:divide-white/10 dark:border-white/10 dark:bg-abyss-900">
          {items.map((invitation) => {
            const expires = new Date(invitation.expires_at);
            const resending = resend.isPending && resend.variables?.id === invitation.id;
            const revoking = revoke.isPending && revoke.variables?.id === invitation.id;
            return (
              <li key={invitation.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2.5 text-sm">
                <div className="min-w-0 flex-1 basis-64">
                  <p className="font-semibold [overflow-wrap:anywhere] text-stone-900 dark:text-stone-50">
                    {invitation.email}
                  </p>
                  <p className="text-xs text-stone-600 dark:text-stone-400">
                    {roleLabels[invitation.role]}
                    {invitation.invited_by ? ` · invited by ${invitation.invited_by}` : ''}
                  </p>
                </div>
                <div className="text-xs whitespace-nowrap text-stone-600 dark:text-stone-400">
                  {invitation.status === 'expired' ? (
                    <span className="rounded-full bg-amber-100 px-2 py-0.5 font-semibold text-amber-900">Expired</span>
                  ) : (
                    <>
                      Expires{' '}
                      <time dateTime={invitation.expires_at} title={exactTime(expires)}>
                        {relativeTime(expires, now)}
                      </time>
                    </>
                  )}
                </div>
                <div className="flex gap-2">
                  <Button
                    variant="secondary"
                    size="sm"
                    busy={resending}
                    icon={<Send aria-hidden="true" className="size-3.5" />}
                    onClick={() => resend.mutate(invitation)}
                  >
                    Resend<span className="sr-only"> the invitation of {invitation.email}</span>
                  </Button>
                  <Button
                    variant="secondary"
                    size="sm"
                    busy={revoking}
                    icon={<X aria-hidden="true" className="size-3.5" />}
                    onClick={() => void askRevoke(invitation)}
                  >
                    Revoke<span className="sr-only"> the invitation of {invitation.email}</span>
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <LoadMore list={list} />
    </section>
  );
}
