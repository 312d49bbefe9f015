import * as Dialog from '@radix-ui/react-dialog';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { Invitation } from '../../../features/users/users.dto';
import { api, ApiError } from '../../../shared/lib/api-client';
import { Button } from '../../../shared/ui/button';
import { TextField } from '../../../shared/ui/field';
import { SelectField } from '../../../shared/ui/select-field';
import { toastFailure, toastSuccess } from '../ui/toasts';
import { useReturnFocus } from '../ui/use-return-focus';
import { invitationsKey, roleOptions, type Role } from './team-users-data';

const roleHints: Record<Role, string> = {
  admin: 'Admins can do everything, including managing people, settings and backups.',
  editor: 'Editors write and publish pages and manage navigation and media.',
  viewer: 'Viewers can sign in to the site but not to the admin.',
};

/** 'Invite user': an e-mail address and a role; the invitee gets a link valid 7 days. */
export function InviteUserDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const queryClient = useQueryClient();
  const returnFocus = useReturnFocus();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('editor');
  const [emailError, setEmailError] = useState<string | undefined>();

  const invite = useMutation({
    mutationFn: () => api.post<Invitation>('/api/v1/invitations', { email, role }),
    onSuccess: async (invitation) => {
      toastSuccess(`Invitation sent to ${invitation.email}`, 'The link in it works once, for 7 days.');
      setEmail('');
      setRole('editor');
      onOpenChange(false);
      await queryClient.invalidateQueries({ queryKey: invitationsKey });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.field === 'email') setEmailError(error.message);
      else toastFailure('Sending the invitation failed.', error);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) {
      setEmailError('Please enter an e-mail address.');
      return;
    }
    setEmailError(undefined);
    invite.mutate();
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) setEmailError(undefined);
        onOpenChange(next);
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <Dialog.Content
          {...returnFocus}
          className="fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[min(94vw,28rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-2xl dark:bg-abyss-900"
        >
          <Dialog.Title className="text-base font-semibold text-stone-900 dark:text-stone-50">Invite user</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-stone-600 dark:text-stone-400">
            We e-mail them a link to choose their name and password. It works once, for 7 days.
          </Dialog.Description>
          <form onSubmit={submit} noValidate className="mt-4 space-y-4">
            <TextField
              label="Email"
              type="email"
              autoComplete="off"
              required
              value={email}
              error={emailError}
              onChange={(event) => setEmail(event.target.value)}
            />
            <SelectField
              label="Role"
              value={role}
              options={roleOptions}
              hint={roleHints[role]}
              onChange={(event) => setRole(event.target.value as Role)}
            />
            <div className="flex flex-wrap justify-end gap-2 pt-2">
              <Dialog.Close asChild>
                <Button variant="secondary">Cancel</Button>
              </Dialog.Close>
              <Button type="submit" busy={invite.isPending}>
                Send invitation
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
