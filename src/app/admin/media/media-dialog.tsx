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
  anchor = 'center',
  fill = false,
  footer,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  /** Max width, e.g. '34rem'. */
  width?: string;
  locked?: boolean;
  /** 'top' keeps the top edge still while the content grows (lists that fill as you work). */
  anchor?: 'center' | 'top';
  /** Take the full available height; the body lays out its own scrolling area. */
  fill?: boolean;
  /** Actions pinned below the body. */
  footer?: ReactNode;
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
          className={`fixed left-1/2 z-50 flex -translate-x-1/2 flex-col rounded-xl bg-white shadow-2xl dark:bg-abyss-900 ${
            anchor === 'top' || fill ? 'top-[5vh] max-h-[90vh]' : 'top-1/2 max-h-[92vh] -translate-y-1/2'
          } ${fill ? 'h-[90vh]' : ''}`}
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
          <div
            className={`min-h-0 flex-1 overflow-y-auto px-6 pt-4 ${footer ? 'pb-4' : 'pb-5'} ${fill ? 'flex flex-col' : ''}`}
          >
            {children}
          </div>
          {footer ? <div className="border-t border-stone-100 px-6 py-3.5 dark:border-white/5">{footer}</div> : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
