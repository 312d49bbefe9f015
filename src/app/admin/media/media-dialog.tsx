import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { IconButton } from '../../../shared/ui/icon-button';

/**
 * The media library's dialogs: a title, an optional description, a close button and a body
 * that scrolls when taller than the window. While `locked` (an upload runs) it cannot close.
 */
export function MediaDialog({
  open,
  onOpenChange,
  title,
  description,
  width = '34rem',
  locked = false,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  /** Max width, e.g. '34rem'. */
  width?: string;
  locked?: boolean;
  children: ReactNode;
}) {
  const block = (event: Event) => {
    if (locked) event.preventDefault();
  };
  return (
    <Dialog.Root open={open} onOpenChange={(next) => (locked && !next ? undefined : onOpenChange(next))}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <Dialog.Content
          style={{ width: `min(96vw, ${width})` }}
          onEscapeKeyDown={block}
          onPointerDownOutside={block}
          onInteractOutside={block}
          {...(description ? {} : { 'aria-describedby': undefined })}
          className="fixed top-1/2 left-1/2 z-50 flex max-h-[92vh] -translate-x-1/2 -translate-y-1/2 flex-col rounded-xl bg-white shadow-2xl dark:bg-abyss-900"
        >
          <div className="flex items-start gap-3 border-b border-stone-100 px-6 pt-5 pb-4 dark:border-white/5">
            <div className="min-w-0 flex-1">
              <Dialog.Title className="text-base font-semibold text-stone-900 dark:text-stone-50">{title}</Dialog.Title>
              {description ? (
                <Dialog.Description className="mt-1 text-sm text-stone-600 dark:text-stone-400">
                  {description}
                </Dialog.Description>
              ) : null}
            </div>
            <Dialog.Close asChild>
              <IconButton
                label="Close"
                disabled={locked}
                icon={<X aria-hidden="true" className="size-4" />}
                className="-mt-0.5 -mr-2"
              />
            </Dialog.Close>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto px-6 pt-4 pb-5">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
