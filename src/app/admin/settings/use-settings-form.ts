import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { api, ApiError } from '../../../shared/lib/api-client';
import { toastFailure, toastSuccess } from '../ui/toasts';
import { useUnsavedGuard } from '../ui/use-unsaved-guard';

/**
 * Shared behaviour of the two single-record settings forms: load, edit, save with the version
 * read (a stale save is refused and the form keeps what was typed), field errors from the server.
 */
export function useSettingsForm<T extends { version?: number }>(options: {
  queryKey: string;
  url: string;
  saveUrl: string;
  successToast: string;
  failure: string;
}) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: [options.queryKey],
    queryFn: () => api.get<{ settings: T }>(options.url).then((body) => body.settings),
  });
  const [form, setForm] = useState<T | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [conflict, setConflict] = useState(false);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (query.data) setForm(query.data);
  }, [query.data]);

  const dirty = useMemo(
    () => form !== null && query.data !== undefined && JSON.stringify(form) !== JSON.stringify(query.data),
    [form, query.data],
  );
  useUnsavedGuard(dirty && !saving);

  const set = <K extends keyof T>(key: K, value: T[K]) => {
    setForm((current) => (current ? { ...current, [key]: value } : current));
    setErrors((current) => {
      const rest = { ...current };
      delete rest[String(key)];
      return rest;
    });
  };

  const save = async () => {
    if (!form) return;
    setSaving(true);
    setErrors({});
    try {
      const { settings } = await api.put<{ settings: T }>(options.saveUrl, form);
      queryClient.setQueryData([options.queryKey], settings);
      setForm(settings);
      setConflict(false);
      toastSuccess(options.successToast);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'version_conflict') setConflict(true);
      else {
        if (error instanceof ApiError && error.field) setErrors({ [error.field]: error.message });
        toastFailure(options.failure, error);
      }
    } finally {
      setSaving(false);
    }
  };

  const reload = async () => {
    setConflict(false);
    const fresh = await query.refetch();
    if (fresh.data) setForm(fresh.data);
  };

  return { query, form, set, errors, conflict, saving, save, reload, dirty };
}
