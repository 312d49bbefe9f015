import * as Dialog from '@radix-ui/react-dialog';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Check, Copy, Plus, Send, Trash2 } from 'lucide-react';
import { useId, useMemo, useState, type FormEvent } from 'react';
import {
  webhookEventLabels,
  webhookEventNames,
  type CreateWebhookResponse,
  type WebhookDeliveryDto,
  type WebhookDeliveryList,
  type WebhookDto,
} from '../../../features/webhooks/webhooks.dto';
import { api, ApiError } from '../../../shared/lib/api-client';
import { exactTime, relativeTime } from '../../../shared/lib/relative-time';
import { Button } from '../../../shared/ui/button';
import { TextField } from '../../../shared/ui/field';
import { Spinner } from '../../../shared/ui/spinner';
import { confirmInApp } from '../ui/confirm-provider';
import { toastFailure, toastSuccess } from '../ui/toasts';
import { LoadMore } from '../ui/load-more';

const webhooksKey = ['webhooks'] as const;
const deliveriesPageSize = 20;
/** While something is still being sent, the lists look again this often. */
const pendingRefreshMs = 5000;

const eventLabel = (event: string) => webhookEventLabels[event as keyof typeof webhookEventLabels] ?? event;
const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
};

/** Webhooks (decision 42): where page events are POSTed, and how each delivery went. */
export function WebhooksScreen() {
  const [adding, setAdding] = useState(false);
  const webhooks = useQuery({
    queryKey: webhooksKey,
    queryFn: () => api.get<{ items: WebhookDto[] }>('/api/v1/webhooks'),
    refetchInterval: (query) =>
      query.state.data?.items.some((item) => item.last_delivery_status === 'pending') ? pendingRefreshMs : false,
  });

  return (
    <section aria-labelledby="webhooks-title">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="webhooks-title" className="mr-auto text-lg font-semibold text-stone-900 dark:text-stone-50">
          Webhooks
        </h2>
        <Button icon={<Plus aria-hidden="true" className="size-4" />} onClick={() => setAdding(true)}>
          Add webhook
        </Button>
      </div>
      <p className="mt-1 text-sm text-stone-600 dark:text-stone-400">
        We POST a signed JSON message to your URL when a page is published, unpublished or deleted.
      </p>

      {webhooks.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner className="size-6" label="Loading webhooks" />
        </div>
      ) : webhooks.isError ? (
        <p role="alert" className="mt-6 rounded-lg bg-red-50 p-4 text-sm text-red-800">
          The webhooks could not be loaded.{' '}
          <button type="button" className="font-semibold underline" onClick={() => void webhooks.refetch()}>
            Try again
          </button>
        </p>
      ) : webhooks.data.items.length === 0 ? (
        <div className="mt-4 rounded-xl border border-dashed border-stone-300 bg-white px-6 py-12 text-center dark:border-white/15 dark:bg-abyss-900">
          <p className="text-sm text-stone-600 dark:text-stone-300">
            No webhooks yet. Add one to tell another service (a static site build, a search index, a chat channel) when
            pages change.
          </p>
        </div>
      ) : (
        <ul className="mt-4 space-y-3">
          {webhooks.data.items.map((webhook) => (
            <WebhookCard key={webhook.id} webhook={webhook} />
          ))}
        </ul>
      )}

      <AddWebhookDialog open={adding} onOpenChange={setAdding} />
    </section>
  );
}

/** With `attempts`, a pending delivery reads as Waiting (first try) or Retrying; without, Pending. */
function StatusBadge({ status, attempts }: { status: WebhookDeliveryDto['status']; attempts?: number }) {
  const [label, tone] =
    status === 'delivered'
      ? ['Delivered', 'bg-emerald-100 text-emerald-800']
      : status === 'failed'
        ? ['Failed', 'bg-red-100 text-red-800']
        : attempts === undefined
          ? ['Pending', 'bg-amber-100 text-amber-900']
          : attempts > 0
            ? ['Retrying', 'bg-amber-100 text-amber-900']
            : ['Waiting', 'bg-stone-100 text-stone-700'];
  return <span className={`rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${tone}`}>{label}</span>;
}

function When({ iso }: { iso: string | null }) {
  if (!iso) return <span className="text-stone-400">—</span>;
  const date = new Date(iso);
  return (
    <time dateTime={iso} title={exactTime(date)}>
      {relativeTime(date)}
    </time>
  );
}

function WebhookCard({ webhook }: { webhook: WebhookDto }) {
  const queryClient = useQueryClient();
  const [showDeliveries, setShowDeliveries] = useState(false);
  const panelId = useId();
  const host = hostOf(webhook.url);

  const remove = useMutation({
    mutationFn: () => api.delete(`/api/v1/webhooks/${webhook.id}`),
    onSuccess: async () => {
      toastSuccess('Webhook deleted', `Nothing more is sent to ${host}.`);
      await queryClient.invalidateQueries({ queryKey: webhooksKey });
    },
    onError: (error) => toastFailure('Failed to delete the webhook.', error),
  });
  const ping = useMutation({
    mutationFn: () => api.post(`/api/v1/webhooks/${webhook.id}/test`),
    onSuccess: async () => {
      toastSuccess('Test message queued', 'A signed “ping” goes out within a few seconds.');
      setShowDeliveries(true);
      await queryClient.invalidateQueries({ queryKey: webhooksKey });
    },
    onError: (error) => toastFailure('Failed to send a test message.', error),
  });

  const askToDelete = async () => {
    const sure = await confirmInApp({
      title: 'Delete this webhook?',
      description: `Nothing more is sent to ${host}, and its delivery history is deleted with it.`,
      confirmLabel: 'Delete webhook',
    });
    if (sure) remove.mutate();
  };

  return (
    <li className="rounded-xl border border-stone-200 bg-white p-4 dark:border-white/10 dark:bg-abyss-900">
      <div className="flex flex-wrap items-start gap-x-4 gap-y-3">
        <div className="min-w-0 flex-1 basis-64">
          <p className="font-mono text-sm break-all text-stone-900 dark:text-stone-50">{webhook.url}</p>
          <ul className="mt-2 flex flex-wrap gap-1.5" aria-label="Events">
            {webhook.events.map((event) => (
              <li
                key={event}
                className="rounded-md bg-lagoon-50 px-2 py-0.5 text-xs font-medium text-lagoon-900 dark:bg-lagoon-400/10 dark:text-lagoon-100"
              >
                {eventLabel(event)}
              </li>
            ))}
          </ul>
          <p className="mt-2 flex flex-wrap items-center gap-2 text-xs text-stone-600 dark:text-stone-400">
            {webhook.last_delivery_status ? (
              <>
                Last delivery: <StatusBadge status={webhook.last_delivery_status} />
                <When iso={webhook.last_delivery_at} />
              </>
            ) : (
              'Nothing sent yet.'
            )}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            size="sm"
            aria-expanded={showDeliveries}
            aria-controls={panelId}
            onClick={() => setShowDeliveries((shown) => !shown)}
          >
            {showDeliveries ? 'Hide deliveries' : 'Deliveries'}
          </Button>
          <Button
            variant="secondary"
            size="sm"
            busy={ping.isPending}
            icon={<Send aria-hidden="true" className="size-3.5" />}
            onClick={() => ping.mutate()}
          >
            Send test
          </Button>
          <Button
            variant="ghost"
            size="sm"
            busy={remove.isPending}
            icon={<Trash2 aria-hidden="true" className="size-3.5" />}
            onClick={() => void askToDelete()}
          >
            Delete<span className="sr-only"> the webhook to {host}</span>
          </Button>
        </div>
      </div>
      {showDeliveries ? <DeliveriesPanel id={panelId} webhookId={webhook.id} host={host} /> : null}
    </li>
  );
}

function DeliveriesPanel({ id, webhookId, host }: { id: string; webhookId: string; host: string }) {
  const deliveries = useInfiniteQuery({
    queryKey: [...webhooksKey, webhookId, 'deliveries'],
    queryFn: ({ pageParam }) =>
      api.get<WebhookDeliveryList>(
        `/api/v1/webhooks/${webhookId}/deliveries?limit=${deliveriesPageSize}${
          pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ''
        }`,
      ),
    initialPageParam: '',
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    staleTime: 0,
    refetchInterval: (query) =>
      query.state.data?.pages.some((page) => page.items.some((item) => item.status === 'pending'))
        ? pendingRefreshMs
        : false,
  });
  const items = useMemo(() => deliveries.data?.pages.flatMap((page) => page.items) ?? [], [deliveries.data]);

  return (
    <div id={id} className="mt-4 border-t border-stone-200 pt-3 dark:border-white/10">
      {deliveries.isPending ? (
        <div className="flex justify-center py-6">
          <Spinner className="size-5" label="Loading deliveries" />
        </div>
      ) : deliveries.isError ? (
        <p role="alert" className="text-sm text-red-800">
          The deliveries could not be loaded.{' '}
          <button type="button" className="font-semibold underline" onClick={() => void deliveries.refetch()}>
            Try again
          </button>
        </p>
      ) : items.length === 0 ? (
        <p className="text-sm text-stone-600 dark:text-stone-400">
          No deliveries yet. Publish a page, or send a test message.
        </p>
      ) : (
        <>
          {/* A table from 640 px up; below, each delivery is one stacked row. Focusable, should it scroll. */}
          <div
            className="overflow-x-auto rounded-md focus-visible:ring-2 focus-visible:ring-lagoon-500 focus-visible:outline-none"
            tabIndex={0}
            role="region"
            aria-label={`Deliveries to ${host}`}
          >
            <table className="w-full text-left text-sm max-sm:block">
              <caption className="sr-only">Deliveries to {host}, newest first</caption>
              <thead className="text-xs text-stone-600 max-sm:sr-only dark:text-stone-400">
                <tr>
                  <th scope="col" className="py-1.5 pr-3 font-semibold">
                    Event
                  </th>
                  <th scope="col" className="py-1.5 pr-3 font-semibold">
                    Status
                  </th>
                  <th scope="col" className="py-1.5 pr-3 font-semibold">
                    Tries
                  </th>
                  <th scope="col" className="py-1.5 pr-3 font-semibold">
                    Response
                  </th>
                  <th scope="col" className="py-1.5 font-semibold">
                    Last try
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-stone-100 max-sm:block dark:divide-white/5">
                {items.map((delivery) => (
                  <tr
                    key={delivery.id}
                    className="align-top max-sm:flex max-sm:flex-wrap max-sm:items-center max-sm:gap-x-3 max-sm:gap-y-1 max-sm:py-2.5"
                  >
                    <th
                      scope="row"
                      className="py-2 pr-3 font-normal max-sm:block max-sm:w-full max-sm:p-0 sm:max-w-[22rem]"
                    >
                      <span className="block font-medium text-stone-900 dark:text-stone-50">
                        {delivery.event === 'ping' ? 'Test (ping)' : eventLabel(delivery.event)}
                      </span>
                      {delivery.last_error && delivery.status !== 'delivered' ? (
                        <span className="mt-0.5 block text-xs break-words text-red-700 dark:text-red-400">
                          {delivery.last_error}
                        </span>
                      ) : null}
                      {delivery.status === 'pending' && delivery.next_attempt_at && delivery.attempts > 0 ? (
                        <span className="mt-0.5 block text-xs text-stone-500">
                          Next try <When iso={delivery.next_attempt_at} />
                        </span>
                      ) : null}
                    </th>
                    <td className="py-2 pr-3 max-sm:p-0">
                      <StatusBadge status={delivery.status} attempts={delivery.attempts} />
                    </td>
                    <td className="py-2 pr-3 text-stone-700 tabular-nums max-sm:p-0 dark:text-stone-300">
                      {delivery.attempts} of 5<span className="sm:hidden"> tries</span>
                    </td>
                    <td className="py-2 pr-3 font-mono text-stone-700 max-sm:p-0 dark:text-stone-300">
                      {delivery.response_status === null ? (
                        <span className="max-sm:hidden">—</span>
                      ) : (
                        <>
                          <span className="font-sans sm:hidden">HTTP </span>
                          {delivery.response_status}
                        </>
                      )}
                    </td>
                    <td className="py-2 whitespace-nowrap text-stone-700 max-sm:p-0 dark:text-stone-300">
                      <When iso={delivery.last_attempt_at ?? delivery.created_at} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <LoadMore list={deliveries} className="mt-2" />
        </>
      )}
    </div>
  );
}

interface WebhookForm {
  url: string;
  events: string[];
  secret: string;
}

const emptyForm: WebhookForm = { url: '', events: [...webhookEventNames], secret: '' };

function AddWebhookDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const queryClient = useQueryClient();
  const [form, setForm] = useState<WebhookForm>(emptyForm);
  const [errors, setErrors] = useState<Partial<Record<keyof WebhookForm, string>>>({});
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<CreateWebhookResponse | null>(null);
  const eventsLegend = useId();

  const close = (next: boolean) => {
    if (next) return onOpenChange(true);
    onOpenChange(false);
    // The secret is gone once the dialog closes; a fresh form next time.
    setCreated(null);
    setForm(emptyForm);
    setErrors({});
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: typeof errors = {};
    if (form.url.trim() === '') found.url = 'Enter the URL that should receive the messages.';
    if (form.events.length === 0) found.events = 'Choose at least one event.';
    if (form.secret !== '' && form.secret.length < 16) found.secret = 'Use at least 16 characters, or leave it empty.';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const response = await api.post<CreateWebhookResponse>('/api/v1/webhooks', {
        url: form.url.trim(),
        events: form.events,
        ...(form.secret ? { secret: form.secret } : {}),
      });
      setCreated(response);
      await queryClient.invalidateQueries({ queryKey: webhooksKey });
    } catch (error) {
      if (error instanceof ApiError && error.field && error.field in emptyForm) {
        setErrors({ [error.field]: error.message });
      }
      toastFailure('Failed to add the webhook.', error);
    } finally {
      setBusy(false);
    }
  };

  const toggleEvent = (name: string, checked: boolean) =>
    setForm((current) => ({
      ...current,
      events: checked
        ? webhookEventNames.filter((event) => event === name || current.events.includes(event))
        : current.events.filter((event) => event !== name),
    }));

  return (
    <Dialog.Root open={open} onOpenChange={close}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[min(94vw,32rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-2xl dark:bg-abyss-900">
          {created ? (
            <SecretShownOnce created={created} onDone={() => close(false)} />
          ) : (
            <>
              <Dialog.Title className="text-base font-semibold text-stone-900 dark:text-stone-50">
                Add webhook
              </Dialog.Title>
              <Dialog.Description className="mt-1 text-sm text-stone-600 dark:text-stone-400">
                Each message is signed with a secret, so your service can tell it came from this site.
              </Dialog.Description>
              <form onSubmit={(event) => void submit(event)} noValidate className="mt-4 space-y-4">
                <TextField
                  label="URL"
                  type="url"
                  inputMode="url"
                  autoComplete="off"
                  placeholder="https://example.com/hooks/atlas"
                  value={form.url}
                  onChange={(event) => setForm((current) => ({ ...current, url: event.target.value }))}
                  error={errors.url}
                  hint="A public https:// address (http:// works too, but the message travels unencrypted)."
                />
                <fieldset aria-describedby={errors.events ? `${eventsLegend}-error` : undefined}>
                  <legend id={eventsLegend} className="mb-1.5 text-sm font-medium text-stone-800 dark:text-stone-200">
                    Events
                  </legend>
                  <div className="flex flex-wrap gap-x-5 gap-y-2">
                    {webhookEventNames.map((name) => (
                      <label key={name} className="flex items-center gap-2 text-sm text-stone-800 dark:text-stone-200">
                        <input
                          type="checkbox"
                          className="size-4 accent-lagoon-700"
                          checked={form.events.includes(name)}
                          onChange={(event) => toggleEvent(name, event.target.checked)}
                        />
                        {webhookEventLabels[name]}
                        <span className="font-mono text-xs text-stone-500">{name}</span>
                      </label>
                    ))}
                  </div>
                  {errors.events ? (
                    <p id={`${eventsLegend}-error`} className="mt-1 text-xs font-medium text-red-700 dark:text-red-400">
                      {errors.events}
                    </p>
                  ) : null}
                </fieldset>
                <TextField
                  label="Secret (optional)"
                  autoComplete="off"
                  spellCheck={false}
                  value={form.secret}
                  onChange={(event) => setForm((current) => ({ ...current, secret: event.target.value }))}
                  error={errors.secret}
                  hint="Leave empty and we make a strong one. Yours must be at least 16 characters."
                />
                <div className="flex flex-wrap justify-end gap-2 pt-2">
                  <Dialog.Close asChild>
                    <Button variant="secondary">Cancel</Button>
                  </Dialog.Close>
                  <Button type="submit" busy={busy}>
                    Add webhook
                  </Button>
                </div>
              </form>
            </>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function SecretShownOnce({ created, onDone }: { created: CreateWebhookResponse; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const secretId = useId();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.secret);
      setCopied(true);
    } catch (error) {
      toastFailure('Failed to copy the secret; select it and copy it by hand.', error);
    }
  };
  return (
    <>
      <Dialog.Title className="text-base font-semibold text-stone-900 dark:text-stone-50">Webhook added</Dialog.Title>
      <Dialog.Description className="mt-1 text-sm text-stone-600 dark:text-stone-400">
        Copy the secret now: it is shown only this once. Messages go to{' '}
        <span className="font-mono break-all">{created.webhook.url}</span>.
      </Dialog.Description>
      <label htmlFor={secretId} className="mt-4 mb-1.5 block text-sm font-medium text-stone-800 dark:text-stone-200">
        Secret
      </label>
      <div className="flex gap-2">
        <input
          id={secretId}
          readOnly
          value={created.secret}
          onFocus={(event) => event.target.select()}
          className="block w-full min-w-0 rounded-lg border border-stone-300 bg-stone-50 px-3 py-2 font-mono text-xs text-stone-900 dark:border-white/15 dark:bg-abyss-950 dark:text-stone-100"
        />
        <Button
          variant="secondary"
          icon={
            copied ? <Check aria-hidden="true" className="size-4" /> : <Copy aria-hidden="true" className="size-4" />
          }
          onClick={() => void copy()}
        >
          {copied ? 'Copied' : 'Copy'}
        </Button>
      </div>
      <div className="mt-4 rounded-lg bg-stone-50 p-3 text-xs text-stone-700 dark:bg-abyss-950 dark:text-stone-300">
        <p>
          To check a message, compute the HMAC-SHA256 of the raw request body with this secret and compare it with the
          header:
        </p>
        <p className="mt-1.5 font-mono break-all text-stone-900 dark:text-stone-100">
          X-Atlas-Signature: sha256=HMAC-SHA256(secret, body)
        </p>
        <p className="mt-1.5">
          X-Atlas-Delivery names each message; a retry sends the same one again, so skip ids you have seen.
        </p>
      </div>
      <div className="mt-6 flex justify-end">
        <Button onClick={onDone}>Done</Button>
      </div>
    </>
  );
}
