import { ChevronDown } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import type { SiteNavItem } from '../../features/site-data/site-types';

/** Spec section 2: a dropdown opens 200 ms after the pointer arrives; within 300 ms of another closing, at once. */
export const hoverDelayMs = 200;
export const skipDelayMs = 300;
const closeDelayMs = 150;

/** A group's own page leads its dropdown, unless an editor already listed it among the children. */
export function dropdownEntries(item: SiteNavItem): SiteNavItem[] {
  return item.children.some((child) => child.href === item.href)
    ? item.children
    : [{ ...item, children: [] }, ...item.children];
}

export function isCurrent(item: SiteNavItem, path: string): boolean {
  return item.href === path || item.children.some((child) => isCurrent(child, path));
}

/**
 * The desktop menu: disclosure buttons with dropdown panels, opened by hover (with the spec's
 * delays), click, Enter/Space or ArrowDown; Escape closes and returns focus to the button.
 * Our own small component instead of a menu library keeps the public page's JavaScript small
 * (docs/decisions/010-own-desktop-menu.md).
 */
export function DesktopNav({
  items,
  currentPath,
  label,
}: {
  items: SiteNavItem[];
  currentPath: string;
  /** The landmark's name ('Main'), in the page's language. */
  label: string;
}) {
  const [open, setOpen] = useState<number | null>(null);
  const openTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const lastClosedAt = useRef(0);
  const triggers = useRef<Array<HTMLButtonElement | null>>([]);
  const panels = useRef<Array<HTMLDivElement | null>>([]);

  const clearTimers = useCallback(() => {
    clearTimeout(openTimer.current);
    clearTimeout(closeTimer.current);
  }, []);
  const close = useCallback(() => {
    clearTimers();
    setOpen((current) => {
      if (current !== null) lastClosedAt.current = Date.now();
      return null;
    });
  }, [clearTimers]);
  useEffect(() => () => clearTimers(), [clearTimers]);

  useEffect(() => {
    if (open === null) return;
    const onPointerDown = (event: PointerEvent) => {
      const trigger = triggers.current[open];
      const panel = panels.current[open];
      const target = event.target as Node;
      if (!trigger?.contains(target) && !panel?.contains(target)) close();
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, close]);

  const hoverIn = (index: number) => {
    clearTimers();
    if (open === index) return;
    if (open !== null || Date.now() - lastClosedAt.current < skipDelayMs) setOpen(index);
    else openTimer.current = setTimeout(() => setOpen(index), hoverDelayMs);
  };
  const hoverOut = () => {
    clearTimeout(openTimer.current);
    closeTimer.current = setTimeout(close, closeDelayMs);
  };

  const onKeyDown = (index: number) => (event: KeyboardEvent<HTMLLIElement>) => {
    if (event.key === 'Escape' && open === index) {
      event.stopPropagation();
      close();
      triggers.current[index]?.focus();
    } else if (event.key === 'ArrowDown' && event.target === triggers.current[index]) {
      event.preventDefault();
      setOpen(index);
      requestAnimationFrame(() => panels.current[index]?.querySelector('a')?.focus());
    }
  };
  const onBlur = (index: number) => (event: FocusEvent<HTMLLIElement>) => {
    if (open === index && !event.currentTarget.contains(event.relatedTarget as Node | null)) close();
  };

  return (
    <nav aria-label={label} className="hidden flex-1 justify-center lg:flex">
      <ul className="flex items-center gap-1">
        {items.map((item, index) => {
          const current = isCurrent(item, currentPath);
          if (item.children.length === 0) {
            return (
              <li key={item.href + item.title}>
                <a
                  href={item.href}
                  aria-current={item.href === currentPath ? 'page' : undefined}
                  className="block rounded-full px-3.5 py-2 text-[0.95rem] font-medium text-stone-700 transition hover:bg-lagoon-50 hover:text-lagoon-800 aria-[current=page]:text-lagoon-800 dark:text-stone-300 dark:hover:bg-white/5"
                >
                  {item.title}
                </a>
              </li>
            );
          }
          const isOpen = open === index;
          const panelId = `nav-panel-${index}`;
          return (
            <li
              key={item.href + item.title}
              className="relative"
              onPointerEnter={(event) => event.pointerType === 'mouse' && hoverIn(index)}
              onPointerLeave={(event) => event.pointerType === 'mouse' && hoverOut()}
              onKeyDown={onKeyDown(index)}
              onBlur={onBlur(index)}
            >
              <button
                ref={(element) => {
                  triggers.current[index] = element;
                }}
                type="button"
                aria-expanded={isOpen}
                aria-controls={panelId}
                onClick={() => {
                  clearTimers();
                  if (isOpen) close();
                  else setOpen(index);
                }}
                className={`group flex items-center gap-1 rounded-full px-3.5 py-2 text-[0.95rem] font-medium transition hover:bg-lagoon-50 hover:text-lagoon-800 aria-expanded:bg-lagoon-50 aria-expanded:text-lagoon-800 dark:hover:bg-white/5 dark:hover:text-lagoon-200 dark:aria-expanded:bg-white/5 ${
                  current ? 'text-lagoon-800 dark:text-lagoon-300' : 'text-stone-700 dark:text-stone-300'
                }`}
              >
                {item.title}
                <ChevronDown aria-hidden="true" className={`size-4 transition ${isOpen ? 'rotate-180' : ''}`} />
              </button>
              <div
                id={panelId}
                ref={(element) => {
                  panels.current[index] = element;
                }}
                hidden={!isOpen}
                className="absolute top-full left-1/2 z-50 -translate-x-1/2 pt-2"
              >
                <ul className="grid w-[min(92vw,36rem)] gap-1 rounded-2xl border border-stone-200 bg-white p-3 shadow-2xl shadow-abyss-900/10 sm:grid-cols-2 dark:border-white/10 dark:bg-abyss-900">
                  {dropdownEntries(item).map((child) => (
                    <li key={child.href + child.title}>
                      <a
                        href={child.href}
                        aria-current={child.href === currentPath ? 'page' : undefined}
                        className="block rounded-xl p-3 transition hover:bg-lagoon-50 focus-visible:bg-lagoon-50 aria-[current=page]:bg-lagoon-50 dark:hover:bg-white/5 dark:focus-visible:bg-white/5"
                      >
                        <span className="block font-semibold text-stone-900 dark:text-stone-100">{child.title}</span>
                        {child.description ? (
                          <span className="mt-0.5 block text-sm leading-snug text-stone-600 dark:text-stone-400">
                            {child.description}
                          </span>
                        ) : null}
                      </a>
                      {child.children.length > 0 ? (
                        <ul className="mb-1 ml-3 border-l border-stone-200 pl-2 dark:border-white/10">
                          {child.children.map((grandchild) => (
                            <li key={grandchild.href + grandchild.title}>
                              <a
                                href={grandchild.href}
                                aria-current={grandchild.href === currentPath ? 'page' : undefined}
                                className="block rounded-lg px-3 py-1.5 text-sm text-stone-700 hover:bg-lagoon-50 focus-visible:bg-lagoon-50 aria-[current=page]:font-semibold dark:text-stone-300 dark:hover:bg-white/5"
                              >
                                {grandchild.title}
                              </a>
                            </li>
                          ))}
                        </ul>
                      ) : null}
                    </li>
                  ))}
                </ul>
              </div>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
