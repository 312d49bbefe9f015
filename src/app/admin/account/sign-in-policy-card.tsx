import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '../../../shared/lib/api-client';
import { Spinner } from '../../../shared/ui/spinner';
import { SwitchField } from '../ui/switch-field';
import { toastFailure, toastSuccess } from '../ui/toasts';
import { cardClass } from './two-factor-card';

interface SecuritySettings {
  require_two_factor: boolean;
  version: number;
  updated_at: string;
}

const queryKey = ['settings', 'security'];

/** Admins: whether editors and admins must use two-factor (decision 39). */
export function SignInPolicyCard({ ownTwoFactor }: { ownTwoFactor: boolean }) {
  const queryClient = useQueryClient();
  const settings = useQuery({
    queryKey,
    queryFn: () => api.get<{ settings: SecuritySettings }>('/api/v1/settings/security').then((body) => body.settings),
  });
  const save = useMutation({
    mutationFn: (input: { require_two_factor: boolean; version: number }) =>
      api.put<{ settings: SecuritySettings }>('/api/v1/settings/security', input).then((body) => body.settings),
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKey, saved);
      toastSuccess(
        'Sign-in policy saved',
        saved.require_two_factor
          ? 'Editors and admins without two-factor will be asked to turn it on.'
          : 'Two-factor is optional again.',
      );
    },
    onError: (error) => {
      toastFailure('Saving the sign-in policy failed.', error);
      // Someone else changed it: show what is stored now.
      if (error instanceof ApiError && error.code === 'version_conflict') void settings.refetch();
    },
  });

  const current = settings.data;
  const pending = save.isPending ? save.variables.require_two_factor : undefined;
  const checked = pending ?? current?.require_two_factor ?? false;
  // Turning it on first needs your own two-factor; turning it off never does.
  const blocked = !ownTwoFactor && !checked;

  return (
    <section aria-labelledby="policy-title" className={cardClass}>
      <h4 id="policy-title" className="text-sm font-semibold">
        Sign-in policy
      </h4>
      <p className="mt-1 mb-4 text-sm text-stone-600 dark:text-stone-400">
        Applies to everyone who can edit the site. Viewers are not affected.
      </p>
      {settings.isPending ? (
        <Spinner label="Loading the sign-in policy" />
      ) : settings.isError || !current ? (
        <p className="text-sm text-red-700 dark:text-red-400">
          The sign-in policy could not be loaded. Reload to try again.
        </p>
      ) : (
        <SwitchField
          label="Require two-factor for editors and admins"
          checked={checked}
          disabled={save.isPending || blocked}
          onCheckedChange={(next) => save.mutate({ require_two_factor: next, version: current.version })}
          hint={
            blocked
              ? 'Turn on two-factor for your own account first.'
              : 'Editors and admins without it can sign in, but can only turn it on until they do.'
          }
        />
      )}
    </section>
  );
}
