import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { MoreHorizontal } from 'lucide-react';
import { useCallback, useLayoutEffect, useRef, useState, type ButtonHTMLAttributes, type ReactNode } from 'react';
import { Button, buttonClassName } from '../../../shared/ui/button';
import { Spinner } from '../../../shared/ui/spinner';

export interface OverflowAction {
  /** Stable and unique within the row. */
  key: string;
  label: string;
  icon: ReactNode;
  onSelect: () => void;
  busy?: boolean;
  disabled?: boolean;
  /** 'danger' tints the menu item red (the button keeps the secondary look). */
  tone?: 'default' | 'danger';
  /** Extra attributes for the button form only (aria-expanded of a panel it toggles). */
  buttonProps?: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'onClick' | 'children'>;
}

/** The gap between buttons: Tailwind's gap-2. */
const gapPx = 8;

/**
 * A row of secondary actions followed by the primary ones (always shown). Secondary actions that
 * do not fit the row's width move, from the end, into a 'More actions' menu (Radix's menu button:
 * arrow keys move, Enter or Space activates, Escape closes and returns focus to the button).
 * Widths are read from an invisible copy of every button, so the split follows the real labels,
 * fonts and the row's width as it changes.
 */
export function OverflowActions({
  label,
  actions,
  primary,
  className = '',
}: {
  /** The group's accessible name, e.g. 'Page actions'. */
  label: string;
  actions: OverflowAction[];
  primary?: ReactNode;
  className?: string;
}) {
  const row = useRef<HTMLDivElement>(null);
  const primaryBox = useRef<HTMLDivElement>(null);
  const measure = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState(actions.length);
  // Every button in one line: the row asks for this much, so in a wrapping bar it takes a line of
  // its own before it gives up buttons to the menu.
  const [natural, setNatural] = useState<number | undefined>(undefined);
  // Icon only, when even 'More' and the primary actions do not share a line.
  const [compactMore, setCompactMore] = useState(false);

  const fit = useCallback(() => {
    const available = row.current?.clientWidth ?? 0;
    const copies = [...(measure.current?.children ?? [])].map((child) => child.getBoundingClientRect().width);
    // The last copy is the More button.
    const moreWidth = copies.pop() ?? 0;
    const primaryWidth = primaryBox.current?.getBoundingClientRect().width ?? 0;
    setNatural(Math.ceil(copies.reduce((sum, width) => sum + width + gapPx, primaryWidth)));
    let used = primaryWidth;
    let count = 0;
    for (const [index, width] of copies.entries()) {
      const moreAfter = index < copies.length - 1 ? gapPx + moreWidth : 0;
      if (used + gapPx + width + moreAfter > available) break;
      used += gapPx + width;
      count += 1;
    }
    setShown(count);
    setCompactMore(count < copies.length && used + gapPx + moreWidth > available);
  }, []);

  const signature = actions.map((action) => `${action.key}:${action.label}`).join('|');
  useLayoutEffect(() => {
    fit();
    const observer = new ResizeObserver(fit);
    for (const element of [row.current, primaryBox.current, measure.current]) {
      if (element) observer.observe(element);
    }
    return () => observer.disconnect();
  }, [fit, signature]);

  const visible = actions.slice(0, shown);
  const hidden = actions.slice(shown);

  return (
    <div
      ref={row}
      role="group"
      aria-label={label}
      style={{ flexBasis: natural }}
      className={`relative flex max-w-full min-w-0 grow flex-wrap items-center justify-end gap-2 ${className}`}
    >
      {visible.map((action) => (
        <Button
          key={action.key}
          variant="secondary"
          icon={action.icon}
          busy={action.busy}
          disabled={action.disabled}
          onClick={action.onSelect}
          {...action.buttonProps}
        >
          {action.label}
        </Button>
      ))}
      {hidden.length > 0 ? <MoreActionsMenu actions={hidden} compact={compactMore} /> : null}
      {primary ? (
        <div ref={primaryBox} className="flex shrink-0 items-center gap-2">
          {primary}
        </div>
      ) : null}
      {/* Off-screen copies for measuring only: spans, so nothing here can take focus. */}
      <div aria-hidden="true" className="pointer-events-none invisible absolute top-0 left-0 h-0 w-0 overflow-hidden">
        <div ref={measure} className="flex w-max gap-2">
          {actions.map((action) => (
            <span key={action.key} className={buttonClassName('secondary')}>
              {action.icon}
              {action.label}
            </span>
          ))}
          <span className={buttonClassName('secondary')}>
            <MoreHorizontal className="size-4" />
            More
          </span>
        </div>
      </div>
    </div>
  );
}

function MoreActionsMenu({ actions, compact }: { actions: OverflowAction[]; compact: boolean }) {
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <Button
          variant="secondary"
          aria-label="More actions"
          title={compact ? 'More actions' : undefined}
          className={compact ? 'w-10 !px-0' : ''}
          icon={<MoreHorizontal aria-hidden="true" className="size-4" />}
        >
          {compact ? null : 'More'}
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={4}
          collisionPadding={8}
          className="z-40 min-w-48 rounded-lg border border-stone-200 bg-white p-1 text-sm shadow-lg dark:border-white/10 dark:bg-abyss-900"
        >
          {actions.map((action) => (
            <DropdownMenu.Item
              key={action.key}
              disabled={action.disabled || action.busy}
              onSelect={action.onSelect}
              className={`flex cursor-pointer items-center gap-2 rounded px-2 py-2 font-medium outline-none data-[disabled]:cursor-not-allowed data-[disabled]:opacity-60 ${
                action.tone === 'danger'
                  ? 'text-red-700 data-[highlighted]:bg-red-50 dark:text-red-300 dark:data-[highlighted]:bg-red-950'
                  : 'text-stone-800 data-[highlighted]:bg-stone-100 dark:text-stone-100 dark:data-[highlighted]:bg-white/10'
              }`}
            >
              {action.busy ? <Spinner /> : action.icon}
              {action.label}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
