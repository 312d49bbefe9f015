import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { Button } from '../../../shared/ui/button';
import { MediaDialog } from './media-dialog';
import type { FolderOption } from './media-api';
import { UploadPanel } from './upload-panel';

/** 'Upload Image': several files at once, each with its own progress; optional target folder. */
export function UploadDialog({
  open,
  onOpenChange,
  folders,
  defaultFolderId,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  folders: FolderOption[];
  defaultFolderId: string | null;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <MediaDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Upload Image"
      description="Images are resized to fit 1920 × 1080 and stored as JPEG, WebP and AVIF, with a thumbnail."
      width="40rem"
      anchor="top"
      locked={busy}
    >
      <UploadPanel
        idPrefix="upload-dialog"
        folders={folders}
        defaultFolderId={defaultFolderId}
        onBusyChange={setBusy}
        autoFocus
        actions={
          <Dialog.Close asChild>
            <Button variant="secondary" disabled={busy} className="disabled:opacity-50">
              Close
            </Button>
          </Dialog.Close>
        }
      />
    </MediaDialog>
  );
}
