import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import {
  Bold,
  Heading2,
  Heading3,
  Italic,
  Link2,
  List,
  ListOrdered,
  Quote,
  Redo2,
  Undo2,
  type LucideIcon,
} from 'lucide-react';
import { useEffect, useMemo, useState, type KeyboardEvent, type ReactNode } from 'react';
import { isSafeLink } from '../../../shared/lib/links';
import { Button } from '../../../shared/ui/button';
import { inputClass } from '../../../shared/ui/field';
import { PageLinkInput } from '../link-field';
import { usePageLinkSearch, type PageLinkOption } from '../page-link-search';
import { checkLinkUrl, linkUrlHelp } from './link-url';

/**
 * What the editor can produce matches what the server's sanitizer keeps (decision 12):
 * headings, paragraphs, emphasis, lists, links, blockquotes. No code blocks.
 */
const extensions = [
  StarterKit.configure({
    // h4 is not offered in the toolbar but existing h4s survive a round trip.
    heading: { levels: [2, 3, 4] },
    codeBlock: false,
    link: {
      openOnClick: false,
      autolink: true,
      linkOnPaste: true,
      defaultProtocol: 'https',
      // Links already in the content may be anything the server accepts; new links typed into
      // the prompt are held to the stricter rule of checkLinkUrl.
      isAllowedUri: (url) => url !== '' && isSafeLink(url),
      // The server adds target and rel for external links when it sanitizes.
      HTMLAttributes: { target: null, rel: null },
    },
  }),
];

/**
 * The editor's HTML, with an empty document as '' and without the empty paragraphs the editor
 * keeps at the end so the cursor can always leave a list or quote.
 */
function htmlOf(editor: Editor): string {
  return editor.isEmpty ? '' : editor.getHTML().replace(/(<p><\/p>)+$/, '');
}

/**
 * Moves the focus back into the text at once (from the link prompt or the toolbar). Tiptap's focus
 * command waits for the next animation frame, and keys typed before it (' first.' right after
 * Enter in the link prompt) went to the page instead of the text and were lost.
 */
function takeBackFocus(editor: Editor): void {
  if (!editor.isDestroyed) editor.view.focus();
}

export interface RichTextEditorProps {
  label: string;
  /** Prefix for element ids; the editable area is `${idPrefix}-editor`. */
  idPrefix: string;
  /** HTML. */
  value: string;
  onChange: (html: string) => void;
  error?: string | undefined;
  hint?: ReactNode;
}

/**
 * A Tiptap editor storing HTML, with a keyboard-friendly toolbar (one tab stop, arrow keys
 * between buttons) and a link prompt that only accepts /paths, https:// and mailto: addresses.
 */
export function RichTextEditor({ label, idPrefix, value, onChange, error, hint }: RichTextEditorProps) {
  const labelId = `${idPrefix}-label`;
  const editorId = `${idPrefix}-editor`;
  const describedBy =
    [hint ? `${idPrefix}-hint` : null, error ? `${idPrefix}-error` : null].filter(Boolean).join(' ') || undefined;
  const [linkOpen, setLinkOpen] = useState(false);
  const [initialContent] = useState(value);

  const editorProps = useMemo(
    () => ({
      attributes: {
        id: editorId,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(error ? { 'aria-invalid': 'true' } : {}),
        class: 'prose-cenote min-h-40 max-h-[32rem] overflow-y-auto px-3 py-2.5 focus:outline-none',
      },
      handleKeyDown: (_view: unknown, event: globalThis.KeyboardEvent) => {
        if ((event.metaKey || event.ctrlKey) && !event.altKey && event.key.toLowerCase() === 'k') {
          event.preventDefault();
          setLinkOpen(true);
          return true;
        }
        return false;
      },
    }),
    [editorId, labelId, describedBy, error],
  );

  const editor = useEditor({
    extensions,
    content: initialContent,
    // The admin renders on the client only; on the server (tests) the editor is left out.
    immediatelyRender: typeof window !== 'undefined',
    shouldRerenderOnTransaction: false,
    editorProps,
    onUpdate: ({ editor: current }) => onChange(htmlOf(current)),
  });

  // A new value from outside (discarded draft, saved copy) replaces the document.
  useEffect(() => {
    if (editor && !editor.isDestroyed && value !== htmlOf(editor)) {
      editor.commands.setContent(value, { emitUpdate: false });
    }
  }, [editor, value]);

  return (
    <div className="min-w-0">
      {/* Not a <label>: the editable area is not a form control; it points here with aria-labelledby. */}
      <div
        id={labelId}
        className="mb-1.5 block text-sm font-medium text-stone-800 dark:text-stone-200"
        onClick={() => editor && takeBackFocus(editor)}
      >
        {label}
      </div>
      <div
        className={`rounded-lg border bg-white shadow-xs focus-within:border-lagoon-500 focus-within:ring-2 focus-within:ring-lagoon-200 dark:bg-abyss-900 dark:focus-within:ring-lagoon-800 ${
          error ? 'border-red-600' : 'border-stone-300 dark:border-white/15'
        }`}
      >
        <Toolbar editor={editor} editorId={editorId} label={label} onLink={() => setLinkOpen(true)} />
        {linkOpen && editor ? (
          <LinkForm
            idPrefix={idPrefix}
            initial={String(editor.getAttributes('link')['href'] ?? '')}
            hasLink={editor.isActive('link')}
            onApply={(href, pageTitle) => {
              takeBackFocus(editor);
              if (editor.state.selection.empty && !editor.isActive('link')) {
                // Nothing selected: the link's words are the chosen page's title (or the address),
                // and typing on after them is plain text again.
                editor
                  .chain()
                  .insertContent({ type: 'text', text: pageTitle ?? href, marks: [{ type: 'link', attrs: { href } }] })
                  .unsetMark('link')
                  .run();
              } else {
                editor.chain().extendMarkRange('link').setLink({ href }).run();
              }
              setLinkOpen(false);
            }}
            onRemove={() => {
              takeBackFocus(editor);
              editor.chain().extendMarkRange('link').unsetLink().run();
              setLinkOpen(false);
            }}
            onCancel={() => {
              takeBackFocus(editor);
              setLinkOpen(false);
            }}
          />
        ) : null}
        {editor ? <EditorContent editor={editor} /> : <div aria-hidden="true" className="min-h-40" />}
      </div>
      {hint ? (
        <p id={`${idPrefix}-hint`} className="mt-1 text-xs text-stone-500 dark:text-stone-400">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${idPrefix}-error`} className="mt-1 text-xs font-medium text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}

interface Tool {
  key: string;
  label: string;
  shortcut?: string;
  icon: LucideIcon;
  /** Toggle buttons report their state with aria-pressed; undefined for actions. */
  pressed?: boolean;
  disabled?: boolean;
  run: () => void;
  groupEnd?: boolean;
}

function Toolbar({
  editor,
  editorId,
  label,
  onLink,
}: {
  editor: Editor | null;
  editorId: string;
  label: string;
  onLink: () => void;
}) {
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) =>
      current
        ? {
            h2: current.isActive('heading', { level: 2 }),
            h3: current.isActive('heading', { level: 3 }),
            bold: current.isActive('bold'),
            italic: current.isActive('italic'),
            link: current.isActive('link'),
            bulletList: current.isActive('bulletList'),
            orderedList: current.isActive('orderedList'),
            blockquote: current.isActive('blockquote'),
            canUndo: current.can().undo(),
            canRedo: current.can().redo(),
          }
        : null,
  });
  const [focusIndex, setFocusIndex] = useState(0);
  const chain = () => {
    if (!editor) return undefined;
    takeBackFocus(editor);
    return editor.chain();
  };
  const tools: Tool[] = [
    {
      key: 'h2',
      label: 'Heading 2',
      icon: Heading2,
      pressed: !!state?.h2,
      run: () => chain()?.toggleHeading({ level: 2 }).run(),
    },
    {
      key: 'h3',
      label: 'Heading 3',
      icon: Heading3,
      pressed: !!state?.h3,
      run: () => chain()?.toggleHeading({ level: 3 }).run(),
      groupEnd: true,
    },
    {
      key: 'bold',
      label: 'Bold',
      shortcut: 'Ctrl+B',
      icon: Bold,
      pressed: !!state?.bold,
      run: () => chain()?.toggleBold().run(),
    },
    {
      key: 'italic',
      label: 'Italic',
      shortcut: 'Ctrl+I',
      icon: Italic,
      pressed: !!state?.italic,
      run: () => chain()?.toggleItalic().run(),
    },
    {
      key: 'link',
      label: 'Link',
      shortcut: 'Ctrl+K',
      icon: Link2,
      pressed: !!state?.link,
      run: onLink,
      groupEnd: true,
    },
    {
      key: 'bulletList',
      label: 'Bullet list',
      icon: List,
      pressed: !!state?.bulletList,
      run: () => chain()?.toggleBulletList().run(),
    },
    {
      key: 'orderedList',
      label: 'Numbered list',
      icon: ListOrdered,
      pressed: !!state?.orderedList,
      run: () => chain()?.toggleOrderedList().run(),
    },
    {
      key: 'blockquote',
      label: 'Blockquote',
      icon: Quote,
      pressed: !!state?.blockquote,
      run: () => chain()?.toggleBlockquote().run(),
      groupEnd: true,
    },
    {
      key: 'undo',
      label: 'Undo',
      shortcut: 'Ctrl+Z',
      icon: Undo2,
      disabled: !state?.canUndo,
      run: () => chain()?.undo().run(),
    },
    {
      key: 'redo',
      label: 'Redo',
      shortcut: 'Ctrl+Shift+Z',
      icon: Redo2,
      disabled: !state?.canRedo,
      run: () => chain()?.redo().run(),
    },
  ];

  // One tab stop for the whole toolbar; arrow keys, Home and End move between its buttons.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = { ArrowRight: 1, ArrowLeft: -1, Home: -tools.length, End: tools.length }[event.key];
    if (step === undefined) return;
    event.preventDefault();
    const next = Math.min(Math.max(focusIndex + step, 0), tools.length - 1);
    setFocusIndex(next);
    event.currentTarget.querySelectorAll<HTMLButtonElement>('button')[next]?.focus();
  };

  return (
    <div
      role="toolbar"
      aria-label={`${label} formatting`}
      aria-controls={editor ? editorId : undefined}
      onKeyDown={onKeyDown}
      className="flex flex-wrap items-center gap-0.5 rounded-t-[7px] border-b border-stone-200 bg-stone-50 px-1 py-1 dark:border-white/10 dark:bg-abyss-800"
    >
      {tools.map((tool, index) => {
        const Icon = tool.icon;
        const title = tool.shortcut ? `${tool.label} (${tool.shortcut})` : tool.label;
        const unavailable = !editor || tool.disabled;
        return (
          <span key={tool.key} className="contents">
            <button
              type="button"
              tabIndex={index === focusIndex ? 0 : -1}
              aria-label={tool.label}
              title={title}
              aria-pressed={tool.pressed === undefined ? undefined : tool.pressed}
              aria-disabled={unavailable || undefined}
              onFocus={() => setFocusIndex(index)}
              // Keep the editor's selection when the button is clicked with a pointer.
              onMouseDown={(event) => event.preventDefault()}
              onClick={unavailable ? undefined : tool.run}
              className="inline-flex size-8 items-center justify-center rounded-md text-stone-600 hover:bg-stone-200/70 hover:text-stone-900 aria-disabled:cursor-not-allowed aria-disabled:opacity-35 aria-disabled:hover:bg-transparent aria-pressed:bg-lagoon-100 aria-pressed:text-lagoon-900 dark:text-stone-300 dark:hover:bg-white/10 dark:hover:text-stone-50 dark:aria-pressed:bg-lagoon-900 dark:aria-pressed:text-lagoon-100"
            >
              <Icon aria-hidden="true" className="size-4" />
            </button>
            {tool.groupEnd ? <span aria-hidden="true" className="mx-1 h-5 w-px bg-stone-300 dark:bg-white/15" /> : null}
          </span>
        );
      })}
    </div>
  );
}

function LinkForm({
  idPrefix,
  initial,
  hasLink,
  onApply,
  onRemove,
  onCancel,
}: {
  idPrefix: string;
  initial: string;
  hasLink: boolean;
  /** `pageTitle`: the page chosen from the list, when the address is still its path. */
  onApply: (href: string, pageTitle?: string) => void;
  onRemove: () => void;
  onCancel: () => void;
}) {
  const [url, setUrl] = useState(initial);
  const [picked, setPicked] = useState<PageLinkOption | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const searchesPages = usePageLinkSearch() !== null;
  const inputId = `${idPrefix}-link-url`;
  const apply = () => {
    const result = checkLinkUrl(url);
    if (result.ok) onApply(result.href, picked?.path === result.href ? picked.title : undefined);
    else setProblem(result.error);
  };
  return (
    <div
      className="flex flex-wrap items-end gap-2 border-b border-stone-200 bg-lagoon-50/50 px-3 py-2 dark:border-white/10 dark:bg-abyss-800"
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          event.stopPropagation();
          onCancel();
        }
      }}
    >
      <div className="min-w-56 flex-1">
        <label htmlFor={inputId} className="mb-1 block text-xs font-medium text-stone-700 dark:text-stone-300">
          Link address
        </label>
        <PageLinkInput
          id={inputId}
          // The prompt opens on request, so moving focus into it is expected.
          autoFocus
          value={url}
          placeholder="/safety-guidelines"
          onChange={(next) => {
            setUrl(next);
            setProblem(null);
          }}
          onEnter={apply}
          onPagePicked={setPicked}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${inputId}-error` : `${inputId}-hint`}
          inputClassName={`${inputClass} py-1.5 font-mono`}
        />
      </div>
      <div className="flex gap-1.5">
        <Button size="sm" onClick={apply}>
          Apply
        </Button>
        {hasLink ? (
          <Button size="sm" variant="secondary" onClick={onRemove}>
            Remove link
          </Button>
        ) : null}
        <Button size="sm" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
      {problem ? (
        <p id={`${inputId}-error`} role="alert" className="w-full text-xs font-medium text-red-700 dark:text-red-400">
          {problem}
        </p>
      ) : (
        <p id={`${inputId}-hint`} className="w-full text-xs text-stone-500 dark:text-stone-400">
          {searchesPages ? 'Type a page title to pick a page. ' : null}
          {linkUrlHelp}
        </p>
      )}
    </div>
  );
}
