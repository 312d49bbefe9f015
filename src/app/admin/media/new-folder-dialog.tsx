import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as Dialog from '@radix-ui/react-dialog';
import { useState, type FormEvent } from 'react';
import { mayDiscard } from '../ui/use-unsaved-guard';
import { maxFolderNameLength } from '../../../features/media/media.dto';
import { api, ApiError } from '../../../shared/lib/api-client';
import { Button } from '../../../shared/ui/button';
import { inputClass, TextField } from '../../../shared/ui/field';
import { toastFailure, toastSuccess } from '../ui/toasts';
import { MediaDialog } from './media-dialog';
import { invalidateMedia, type FolderOption, type MediaFolderDto } from './media-api';

/** 'New Folder': a name and an optional parent. A blank name closes without a request (spec section 5). */
export function NewFolderDialog({
  open,
  onOpenChange,
  folders,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  folders: FolderOption[];
  onCreated: (folder: MediaFolderDto) => void;
}) {
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [parentId, setParentId] = useState('');
  const [error, setError] = useState<string | undefined>();

  /** `saved`: closing after the folder was created, so nothing typed is lost. */
  const close = async (next: boolean, saved = false) => {
    if (!next && !saved && !(await mayDiscard(name.trim() !== ''))) return;
    if (!next) {
      setName('');
      setParentId('');
      setError(undefined);
    }
    onOpenChange(next);
  };

  const create = useMutation({
    mutationFn: (input: { name: string; parent_id: string | null }) =>
      api.post<{ folder: MediaFolderDto }>('/api/v1/media/folders', input).then((body) => body.folder),
    onSuccess: (folder) => {
      toastSuccess('Folder created', `"${folder.name}" is ready for images.`);
      void invalidateMedia(queryClient);
      onCreated(folder);
      void close(false, true);
    },
    onError: (failure) => {
      if (failure instanceof ApiError && (failure.status === 400 || failure.status === 409)) setError(failure.message);
      toastFailure('Failed to create folder.', failure);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (trimmed === '') {
      void close(false);
      return;
    }
    create.mutate({ name: trimmed, parent_id: parentId || null });
  };

  return (
    <MediaDialog open={open} onOpenChange={(next) => close(next)} title="New Folder" locked={create.isPending}>
      <form onSubmit={submit} className="space-y-4">
        <TextField
          label="Folder name"
          value={name}
          autoFocus
          maxLength={maxFolderNameLength}
          placeholder="e.g. Cavern lines"
          onChange={(event) => {
            setName(event.target.value);
            setError(undefined);
          }}
          error={error}
        />
        {folders.length > 0 ? (
          <div>
            <label
              htmlFor="new-folder-parent"
              className="mb-1.5 block text-sm font-medium text-stone-800 dark:text-stone-200"
            >
              Inside folder
            </label>
            <select
              id="new-folder-parent"
              value={parentId}
              onChange={(event) => setParentId(event.target.value)}
              className={inputClass}
            >
              <option value="">None (top level)</option>
              {folders.map((folder) => (
                <option key={folder.id} value={folder.id}>
                  {folder.label}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <div className="flex justify-end gap-2 pt-1">
          <Dialog.Close asChild>
            <Button variant="secondary" disabled={create.isPending}>
              Cancel
            </Button>
          </Dialog.Close>
          <Button type="submit" busy={create.isPending}>
            Create folder
          </Button>
        </div>
      </form>
    </MediaDialog>
  );
}
