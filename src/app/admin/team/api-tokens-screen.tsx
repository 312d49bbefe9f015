import * as Dialog from '@radix-ui/react-dialog';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { Check, Copy, KeyRound, Plus, X } from 'lucide-react';
import { useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import {
  apiTokenNameMaxLength,
  type ApiTokenDto,
  type ApiTokenRole,
  type CreatedApiToken,
} from '../../../features/api-tokens/api-tokens.dto';
import { api, ApiError } from '../../../shared/lib/api-client';
import { dayOf, exactTime, relativeTime } from '../../../shared/lib/relative-time';
import { Button } from '../../../shared/ui/button';
import { inputClass, TextField } from '../../../shared/ui/field';
import { IconButton } from '../../../shared/ui/icon-button';
import { SelectField } from '../../../shared/ui/select-field';
import { Spinner } from '../../../shared/ui/spinner';
import { confirmInApp } from '../ui/confirm-provider';
import { toastFailure, toastSuccess } from '../ui/toasts';
import { useReturnFocus } from '../ui/use-return-focus';
import { mayDiscard } from '../ui/use-unsaved-guard';
import { LoadMore } from '../ui/load-more';

interface TokenList {
  items: ApiTokenDto[];
  next_cursor: string | null;
}

const tokensKey = ['api-tokens'] as const;
const pageSize = 50;
const dayMs = 24 * 60 * 60 * 1000;

const expiryChoices = [
  { value: 'never', label: 'Never' },
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: '365', label: '1 year' },
  { value: 'custom', label: 'Custom date' },
] as const;
type ExpiryChoice = (typeof expiryChoices)[number]['value'];

const roleChoices: ReadonlyArray<{ value: ApiTokenRole; label: string }> = [
  { value: 'editor', label: 'Editor' },
  { value: 'admin', label: 'Admin' },
];

/** 'YYYY-MM-DD' of a local date, for a date input's value and min. */
function localDay(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The expiry to send: none, a span from now, or the end of the chosen day in this browser's time zone. */
function expiresAtFor(choice: ExpiryChoice, customDay: string, now: Date): string | null | undefined {
  if (choice === 'never') return null;
  if (choice === 'custom') {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(customDay)) return undefined;
    const endOfDay = new Date(`${customDay}T23:59:59`);
    return Number.isNaN(endOfDay.getTime()) ? undefined : endOfDay.toISOString();
  }
  return new Date(now.getTime() + Number(choice) * dayMs).toISOString();
}

const badgeTones = {
  green: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-400/15 dark:text-emerald-200',
  grey: 'bg-stone-100 text-stone-700 dark:bg-white/10 dark:text-stone-300',
  red: 'bg-red-100 text-red-800 dark:bg-red-400/15 dark:text-red-200',
  amber: 'bg-amber-100 text-amber-900 dark:bg-amber-400/15 dark:text-amber-200',
  blue: 'bg-lagoon-50 text-lagoon-900 dark:bg-lagoon-400/10 dark:text-lagoon-100',
} as const;

function Badge({ tone, children }: { tone: keyof typeof badgeTones; children: ReactNode }) {
  return (
    <span
      className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${badgeTones[tone]}`}
    >
      {children}
    </span>
  );
}

const statusBadges: Record<ApiTokenDto['status'], { tone: keyof typeof badgeTones; label: string }> = {
  active: { tone: 'green', label: 'Active' },
  expired: { tone: 'grey', label: 'Expired' },
  revoked: { tone: 'red', label: 'Revoked' },
};

function TimeOf({ iso, now, never = 'Never' }: { iso: string | null; now: Date; never?: string }) {
  if (!iso) return <span className="text-stone-500 dark:text-stone-400">{never}</span>;
  const date = new Date(iso);
  return (
    <time dateTime={iso} title={exactTime(date)}>
      {relativeTime(date, now)}
    </time>
  );
}

/** The whole token, once: a monospace field to select and a Copy button. */
function NewTokenPanel({ created, onDone }: { created: CreatedApiToken; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.token);
      setCopied(true);
    } catch {
      // No clipboard access (a denied permission): select it, so Ctrl+C copies it.
      field.current?.select();
    }
  };
  return (
    <div className="space-y-4">
      <div>
        <label htmlFor="new-api-token" className="mb-1.5 block text-sm font-medium text-stone-800 dark:text-stone-200">
          Token for “{created.api_token.name}”
        </label>
        <div className="flex items-start gap-2">
          {/* Grows to show the whole token on a narrow screen (wrapping anywhere, it has no spaces). */}
          <textarea
            id="new-api-token"
            ref={field}
            readOnly
            rows={1}
            value={created.token}
            aria-describedby="new-api-token-hint"
            spellCheck={false}
            autoComplete="off"
            onFocus={(event) => event.currentTarget.select()}
            className={`${inputClass} min-w-0 flex-1 min-h-10 resize-none font-mono text-xs break-all field-sizing-content`}
          />
          <Button
            variant="secondary"
            onClick={() => void copy()}
            icon={
              copied ? <Check aria-hidden="true" className="size-4" /> : <Copy aria-hidden="true" className="size-4" />
            }
          >
            {copied ? 'Copied' : 'Copy'}
          </Button>
        </div>
        <p
          id="new-api-token-hint"
          className="mt-2 rounded-lg bg-amber-50 px-3 py-2 text-sm font-medium text-amber-950 dark:bg-amber-400/10 dark:text-amber-100"
        >
          Copy it now: it will not be shown again.
        </p>
      </div>
      <p className="text-sm text-stone-600 dark:text-stone-400">
        Send it with each request as <code className="font-mono text-xs">Authorization: Bearer {'<token>'}</code>.
      </p>
      <div className="flex justify-end">
        <Button onClick={onDone}>Done</Button>
      </div>
    </div>
  );
}

interface FieldErrors {
  name?: string;
  role?: string;
  expires_at?: string;
}

function CreateTokenForm({
  onCreated,
  onCancel,
}: {
  onCreated: (created: CreatedApiToken) => void;
  onCancel: () => void;
}) {
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [role, setRole] = useState<ApiTokenRole>('editor');
  const [expiry, setExpiry] = useState<ExpiryChoice>('90');
  const [customDay, setCustomDay] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const tomorrow = localDay(new Date(Date.now() + dayMs));

  const create = useMutation({
    mutationFn: (input: { name: string; role: ApiTokenRole; expires_at: string | null }) =>
      api.post<CreatedApiToken>('/api/v1/api-tokens', input),
    onSuccess: async (created) => {
      onCreated(created);
      await queryClient.invalidateQueries({ queryKey: tokensKey });
    },
    onError: (failure) => {
      const field = failure instanceof ApiError ? failure.field : undefined;
      if (field === 'name' || field === 'role' || field === 'expires_at') {
        setErrors({ [field]: (failure as ApiError).message });
      } else {
        toastFailure('Failed to create the token.', failure);
      }
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    const expiresAt = expiresAtFor(expiry, customDay, new Date());
    const found: FieldErrors = {};
    if (trimmed === '') found.name = 'Give the token a name.';
    if (expiresAt === undefined) found.expires_at = 'Choose the day it expires.';
    setErrors(found);
    if (Object.keys(found).length > 0 || expiresAt === undefined) return;
    create.mutate({ name: trimmed, role, expires_at: expiresAt });
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <TextField
        label="Name"
        value={name}
        autoFocus
        maxLength={apiTokenNameMaxLength}
        placeholder="e.g. Deploy script"
        hint="Say who or what uses it, so you know what breaks when you revoke it."
        error={errors.name}
        onChange={(event) => {
          setName(event.target.value);
          setErrors((current) => ({ ...current, name: undefined }));
        }}
      />
      <SelectField
        label="Role"
        value={role}
        options={roleChoices}
        error={errors.role}
        hint="Editor: pages, blocks, navigation, media and redirects. Admin: everything, settings and people included."
        onChange={(event) => setRole(event.target.value as ApiTokenRole)}
      />
      <SelectField
        label="Expires"
        value={expiry}
        options={expiryChoices}
        error={expiry === 'custom' ? undefined : errors.expires_at}
        onChange={(event) => {
          setExpiry(event.target.value as ExpiryChoice);
          setErrors((current) => ({ ...current, expires_at: undefined }));
        }}
      />
      {expiry === 'custom' ? (
        <TextField
          label="Expiry date"
          type="date"
          min={tomorrow}
          value={customDay}
          hint="It stops working at the end of this day."
          error={errors.expires_at}
          onChange={(event) => {
            setCustomDay(event.target.value);
            setErrors((current) => ({ ...current, expires_at: undefined }));
          }}
        />
      ) : null}
      <div className="flex justify-end gap-2 pt-1">
        <Button variant="secondary" disabled={create.isPending} onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" busy={create.isPending}>
          Create token
        </Button>
      </div>
    </form>
  );
}

/** Create token → the one-time token; closing the form with a name typed asks first. */
function CreateTokenDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  const [formKey, setFormKey] = useState(0);
  const returnFocus = useReturnFocus();
  const typed = useRef(false);

  const close = async () => {
    if (!created && !(await mayDiscard(typed.current))) return;
    setCreated(null);
    typed.current = false;
    setFormKey((key) => key + 1);
    onOpenChange(false);
  };

  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next ? onOpenChange(true) : void close())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <Dialog.Content
          {...returnFocus}
          aria-describedby={undefined}
          className="fixed top-[8vh] left-1/2 z-50 flex max-h-[88vh] w-[min(94vw,36rem)] -translate-x-1/2 flex-col rounded-xl bg-white shadow-2xl dark:bg-abyss-900"
        >
          <div className="flex items-start gap-3 border-b border-stone-100 px-6 pt-5 pb-4 dark:border-white/5">
            <Dialog.Title className="min-w-0 flex-1 text-base font-semibold text-stone-900 dark:text-stone-50">
              {created ? 'Your new API token' : 'Create token'}
            </Dialog.Title>
            <Dialog.Close asChild>
              <IconButton label="Close" icon={<X aria-hidden="true" className="size-4" />} className="-mt-0.5 -mr-2" />
            </Dialog.Close>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto px-6 pt-4 pb-5" onInput={() => (typed.current = true)}>
            {created ? (
              <NewTokenPanel created={created} onDone={() => void close()} />
            ) : (
              <CreateTokenForm
                key={formKey}
                onCreated={(token) => {
                  setCreated(token);
                  toastSuccess('Token created', `“${token.api_token.name}” works from now on.`);
                }}
                onCancel={() => void close()}
              />
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function CreatorNote({ token }: { token: ApiTokenDto }) {
  if (!token.created_by) return <Badge tone="amber">Creator removed</Badge>;
  if (token.created_by.disabled) return <Badge tone="amber">Creator disabled</Badge>;
  return null;
}

const cellClass = 'px-4 py-0.5 md:table-cell md:py-2.5 md:align-middle';
/** On a phone each row is a card: name, then the role and status badges, then the dates, each named. */
function CellLabel({ children }: { children: ReactNode }) {
  return <span className="mr-1 text-stone-500 md:hidden dark:text-stone-400">{children}:</span>;
}

/** Team → API tokens (decision 41): tokens for scripts and other sites; shown once, revocable. */
export function ApiTokensScreen() {
  const queryClient = useQueryClient();
  const heading = useRef<HTMLHeadingElement>(null);
  const [creating, setCreating] = useState(false);
  const tokens = useInfiniteQuery({
    queryKey: [...tokensKey, 'list'],
    queryFn: ({ pageParam }) =>
      api.get<TokenList>(
        `/api/v1/api-tokens?limit=${pageSize}${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ''}`,
      ),
    initialPageParam: '',
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    staleTime: 0,
  });
  const items = useMemo(() => tokens.data?.pages.flatMap((page) => page.items) ?? [], [tokens.data]);

  const revoke = useMutation({
    mutationFn: (token: ApiTokenDto) => api.delete(`/api/v1/api-tokens/${token.id}`),
    onSuccess: async (_answer, token) => {
      toastSuccess('Token revoked', `“${token.name}” no longer works.`);
      await queryClient.invalidateQueries({ queryKey: tokensKey });
      // Its Revoke button (which had focus) is gone: keep the keyboard user in the screen.
      heading.current?.focus();
    },
    onError: (error) => toastFailure('Failed to revoke the token.', error),
  });

  const askToRevoke = async (token: ApiTokenDto) => {
    const sure = await confirmInApp({
      title: `Revoke “${token.name}”?`,
      description: 'Whatever uses it gets 401 from its next request on. This cannot be undone.',
      confirmLabel: 'Revoke token',
    });
    if (sure) revoke.mutate(token);
  };

  const now = new Date();
  return (
    <section aria-labelledby="api-tokens-title">
      <div className="flex flex-wrap items-center gap-2">
        <h2
          id="api-tokens-title"
          ref={heading}
          tabIndex={-1}
          className="mr-auto text-lg font-semibold text-stone-900 outline-none dark:text-stone-50"
        >
          API tokens
        </h2>
        <Button icon={<Plus aria-hidden="true" className="size-4" />} onClick={() => setCreating(true)}>
          Create token
        </Button>
      </div>
      <p className="mt-1 text-sm text-stone-600 dark:text-stone-400">
        For scripts and other sites: send as{' '}
        <code className="font-mono text-xs text-stone-800 dark:text-stone-200">Authorization: Bearer …</code> with each
        request. A token acts with its role for the admin who created it, needs no sign-in, and what it does is in the
        audit log.
      </p>

      <CreateTokenDialog open={creating} onOpenChange={setCreating} />

      {tokens.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner className="size-6" label="Loading API tokens" />
        </div>
      ) : tokens.isError ? (
        <p role="alert" className="mt-6 rounded-lg bg-red-50 p-4 text-sm text-red-800">
          The API tokens could not be loaded.{' '}
          <button type="button" className="font-semibold underline" onClick={() => void tokens.refetch()}>
            Try again
          </button>
        </p>
      ) : items.length === 0 ? (
        <div className="mt-4 rounded-xl border border-dashed border-stone-300 bg-white px-6 py-16 text-center dark:border-white/15 dark:bg-abyss-900">
          <KeyRound aria-hidden="true" className="mx-auto size-6 text-stone-400" />
          <p className="mt-2 text-sm text-stone-600 dark:text-stone-300">
            No API tokens yet. Create one for each script or site, so each can be revoked on its own.
          </p>
        </div>
      ) : (
        <>
          <div className="mt-4 overflow-hidden rounded-xl border border-stone-200 bg-white dark:border-white/10 dark:bg-abyss-900">
            <table className="block w-full text-left text-sm md:table">
              <caption className="sr-only">API tokens, newest first</caption>
              <thead className="hidden border-b border-stone-200 bg-stone-50 text-xs text-stone-600 md:table-header-group dark:border-white/10 dark:bg-abyss-950/40 dark:text-stone-400">
                <tr>
                  {['Name', 'Role', 'Created', 'Last used', 'Expires', 'Status'].map((column) => (
                    <th key={column} scope="col" className="px-4 py-2 font-semibold">
                      {column}
                    </th>
                  ))}
                  <th scope="col" className="px-4 py-2 text-right font-semibold">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody className="block divide-y divide-stone-200 md:table-row-group dark:divide-white/10">
                {items.map((token) => {
                  const busy = revoke.isPending && revoke.variables?.id === token.id;
                  return (
                    <tr key={token.id} className="flex flex-wrap items-center gap-x-1.5 py-2.5 md:table-row md:py-0">
                      <th scope="row" className={`${cellClass} w-full pb-1 font-normal md:w-auto`}>
                        <span className="block font-semibold break-words text-stone-900 dark:text-stone-50">
                          {token.name}
                        </span>
                        <span className="block font-mono text-xs text-stone-500 dark:text-stone-400">
                          cat_{token.token_prefix}…
                        </span>
                      </th>
                      <td className={`${cellClass} pr-0 md:pr-4`}>
                        <Badge tone={token.role === 'admin' ? 'blue' : 'grey'}>
                          {token.role === 'admin' ? 'Admin' : 'Editor'}
                        </Badge>
                      </td>
                      <td className={`${cellClass} order-2 w-full text-stone-700 md:w-auto dark:text-stone-300`}>
                        <CellLabel>Created</CellLabel>
                        <TimeOf iso={token.created_at} now={now} />
                        <span className="md:block">
                          {' '}
                          by {token.created_by?.name ?? <span className="italic">a removed account</span>}
                        </span>
                      </td>
                      <td
                        className={`${cellClass} order-2 w-full whitespace-nowrap text-stone-700 md:w-auto dark:text-stone-300`}
                      >
                        <CellLabel>Last used</CellLabel>
                        <TimeOf iso={token.last_used_at} now={now} />
                      </td>
                      <td
                        className={`${cellClass} order-2 w-full whitespace-nowrap text-stone-700 md:w-auto dark:text-stone-300`}
                      >
                        <CellLabel>Expires</CellLabel>
                        {token.expires_at ? (
                          <time dateTime={token.expires_at} title={exactTime(new Date(token.expires_at))}>
                            {dayOf(new Date(token.expires_at))}
                          </time>
                        ) : (
                          <span className="text-stone-500 dark:text-stone-400">Never</span>
                        )}
                      </td>
                      <td className={`${cellClass} pl-0 md:pl-4`}>
                        <span className="flex flex-wrap items-center gap-1">
                          <Badge tone={statusBadges[token.status].tone}>{statusBadges[token.status].label}</Badge>
                          {token.status === 'active' ? <CreatorNote token={token} /> : null}
                        </span>
                      </td>
                      <td
                        className={`${cellClass} order-3 w-full pt-2 empty:hidden md:w-auto md:empty:table-cell md:pt-2.5 md:text-right`}
                      >
                        {token.status === 'revoked' ? null : (
                          <Button
                            variant="secondary"
                            size="sm"
                            busy={busy}
                            disabled={revoke.isPending && !busy}
                            onClick={() => void askToRevoke(token)}
                          >
                            Revoke<span className="sr-only"> {token.name}</span>
                          </Button>
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <LoadMore list={tokens} />
        </>
      )}
    </section>
  );
}
