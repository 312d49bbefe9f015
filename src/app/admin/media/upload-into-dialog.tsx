import * as Dialog from '@radix-ui/react-dialog';
import { useMemo, useState } from 'react';
import { Button } from '../../../shared/ui/button';
import { MediaDialog } from './media-dialog';
import { folderOptions, useMediaFolders, type ImageDto } from './media-api';
import { UploadPanel } from './upload-panel';

/**
 * Uploads files into the media library for a block (a gallery's 'Upload images'): the usual
 * upload rows with alt text, folder and progress. When every file is uploaded the dialog closes
 * and hands over their URLs in order (at most `max`); after a failure it stays open to retry,
 * and 'Add N uploaded images' hands over what did upload.
 */
export function UploadIntoDialog({
  files,
  max,
  onDone,
}: {
  files: File[];
  max: number;
  onDone: (urls: string[]) => void;
}) {
  const [busy, setBusy] = useState(false);
  const [uploaded, setUploaded] = useState<ImageDto[]>([]);
  const [hadFailures, setHadFailures] = useState(false);
  const folders = useMediaFolders();
  const options = useMemo(() => folderOptions(folders.data ?? []), [folders.data]);
  const urlsOf = (images: ImageDto[]) => images.slice(0, max).map((image) => image.original_url);

  return (
    <MediaDialog
      open
      onOpenChange={(open) => !open && onDone([])}
      title="Upload images"
      description={`They go into the media library, with the alt text you type here, and are added in this order (room for ${max} more).`}
      width="40rem"
      anchor="top"
      locked={busy}
    >
      <UploadPanel
        idPrefix="upload-into"
        folders={options}
        defaultFolderId={null}
        initialFiles={files}
        onBusyChange={setBusy}
        onBatchDone={(result) => {
          const all = [...uploaded, ...result.uploaded];
          setUploaded(all);
          if (result.failed === 0 && all.length > 0) onDone(urlsOf(all));
          else if (result.failed > 0) setHadFailures(true);
        }}
        actions={
          <>
            <Dialog.Close asChild>
              <Button variant="secondary" disabled={busy} className="disabled:opacity-50">
                Cancel
              </Button>
            </Dialog.Close>
            {hadFailures && uploaded.length > 0 && !busy ? (
              <Button variant="secondary" onClick={() => onDone(urlsOf(uploaded))}>
                Add {uploaded.length} uploaded {uploaded.length === 1 ? 'image' : 'images'}
              </Button>
            ) : null}
          </>
        }
      />
    </MediaDialog>
  );
}
