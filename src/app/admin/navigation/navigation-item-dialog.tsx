import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useState, type FormEvent } from 'react';
import { mayDiscard, useUnsavedGuard } from '../ui/use-unsaved-guard';
import { toast } from 'sonner';
import { ImageField } from '../../../features/blocks/image-field';
import { LinkField } from '../../../features/blocks/link-field';
import type { MenuType, NavigationNode } from '../../../features/navigation/navigation.dto';
import { api, ApiError } from '../../../shared/lib/api-client';
import type { Locale } from '../../../shared/lib/locale';
import { Button } from '../../../shared/ui/button';
import { TextAreaField, TextField } from '../../../shared/ui/field';
import { SwitchField } from '../ui/switch-field';
import { toastFailure, toastSuccess } from '../ui/toasts';
import { ItemPlacementFields } from './item-placement-fields';
import { displayOrderFor, siblingsUnder, type Position } from './navigation-placement';

interface ItemForm {
  title: string;
  link_url: string;
  description: string;
  is_active: boolean;
  image_url: string;
  /** New items only: the parent's id, '' for the top level. */
  parent_id: string;
  position: Position;
}

const emptyForm: ItemForm = {
  title: '',
  link_url: '',
  description: '',
  is_active: true,
  image_url: '',
  parent_id: '',
  position: 'last',
};

/**
 * 'Add Navigation Item' (no item) or the edit dialog (an item): title, URL, description, active,
 * image; a new item also chooses its parent and its place among the parent's children.
 */
export function NavigationItemDialog({
  open,
  onOpenChange,
  menu,
  locale = 'en',
  tree,
  item,
  parentId = null,
  onSaved,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  menu: MenuType;
  /** The menus' language (decision 44): a new item goes into that language's menu. */
  locale?: Locale;
  /** The menu as the screen shows it: the parents and places to choose from. */
  tree: NavigationNode[];
  item: NavigationNode | null;
  /** A new item's parent to start with ('Add child item'); null for the top level. */
  parentId?: string | null;
  onSaved: () => void;
}) {
  const [form, setForm] = useState<ItemForm>(emptyForm);
  const [initial, setInitial] = useState<ItemForm>(form);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) return;
    setErrors({});
    const start: ItemForm = item
      ? {
          ...emptyForm,
          title: item.title,
          link_url: item.link_url,
          description: item.description ?? '',
          is_active: item.is_active,
          image_url: item.image?.original_url ?? '',
        }
      : { ...emptyForm, parent_id: parentId ?? '' };
    setForm(start);
    setInitial(start);
  }, [open, item, parentId]);

  const dirty = open && !busy && JSON.stringify(form) !== JSON.stringify(initial);
  useUnsavedGuard(dirty);
  const close = async (next: boolean) => {
    if (!next && !(await mayDiscard(dirty))) return;
    onOpenChange(next);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (form.title.trim() === '' || form.link_url.trim() === '') {
      toast.error('Missing information', { description: 'Please provide both title and URL.' });
      return;
    }
    setBusy(true);
    try {
      let imageId: string | null = null;
      if (form.image_url.trim() !== '') {
        const { images } = await api.get<{ images: Array<{ id: string; original_url: string }> }>('/api/v1/media');
        imageId = images.find((image) => image.original_url === form.image_url.trim())?.id ?? null;
        if (!imageId) {
          setErrors({ image: 'Choose an image from the media library.' });
          setBusy(false);
          return;
        }
      }
      if (item) {
        await api.patch(`/api/v1/navigation/${item.id}`, {
          version: item.version,
          title: form.title,
          link_url: form.link_url,
          description: form.description || null,
          is_active: form.is_active,
          image_id: imageId,
        });
        toastSuccess('Navigation item updated');
      } else {
        const parent = form.parent_id || null;
        const displayOrder = displayOrderFor(form.position, siblingsUnder(tree, parent));
        await api.post('/api/v1/navigation', {
          title: form.title,
          link_url: form.link_url,
          description: form.description || undefined,
          menu_type: menu,
          locale,
          parent_id: parent,
          ...(displayOrder === undefined ? {} : { display_order: displayOrder }),
          ...(imageId ? { image_id: imageId } : {}),
        });
        toastSuccess('Navigation item created');
      }
      onSaved();
      onOpenChange(false);
    } catch (error) {
      if (error instanceof ApiError && error.field) setErrors({ [error.field]: error.message });
      toastFailure(item ? 'Failed to update navigation item.' : 'Failed to create navigation item.', error);
    } finally {
      setBusy(false);
    }
  };

  const set = <K extends keyof ItemForm>(key: K, value: ItemForm[K]) =>
    setForm((current) => ({ ...current, [key]: value }));

  return (
    <Dialog.Root open={open} onOpenChange={close}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[min(94vw,32rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-2xl dark:bg-abyss-900">
          <Dialog.Title className="text-base font-semibold text-stone-900 dark:text-stone-50">
            {item ? 'Edit Navigation Item' : 'Add Navigation Item'}
          </Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-stone-600 dark:text-stone-400">
            {item
              ? 'Change the item; its place in the menu stays.'
              : `Choose where it goes in the ${menu} menu; you can still drag it elsewhere later.`}
          </Dialog.Description>
          <form onSubmit={submit} noValidate className="mt-4 space-y-4">
            <TextField
              label="Title"
              value={form.title}
              onChange={(event) => set('title', event.target.value)}
              error={errors['title']}
            />
            <LinkField
              id="nav-item-url"
              label="URL"
              value={form.link_url}
              onChange={(value) => set('link_url', value)}
              // A page chosen by its title names an untitled item after it; a typed title stays.
              onPagePicked={(option) =>
                setForm((current) => (current.title.trim() === '' ? { ...current, title: option.title } : current))
              }
              error={errors['link_url']}
              hint="A site path like /safety-guidelines, or an address starting with https://"
            />
            {item ? null : (
              <ItemPlacementFields
                menu={menu}
                tree={tree}
                parentId={form.parent_id}
                position={form.position}
                onParentChange={(parent_id) => setForm((current) => ({ ...current, parent_id, position: 'last' }))}
                onPositionChange={(position) => set('position', position)}
                error={errors['parent_id'] ?? errors['display_order']}
              />
            )}
            <TextAreaField
              label="Description"
              rows={2}
              value={form.description}
              onChange={(event) => set('description', event.target.value)}
              error={errors['description']}
              hint="Optional: shown under the title in dropdown menus."
            />
            {item ? (
              <SwitchField
                label="Active"
                checked={form.is_active}
                onCheckedChange={(checked) => set('is_active', checked)}
                hint="Inactive items (and their children) are hidden from visitors."
              />
            ) : null}
            <ImageField
              label="Image"
              idPrefix="nav-image"
              value={form.image_url}
              onChange={(value) => set('image_url', value)}
              error={errors['image'] ?? errors['image_id']}
            />
            <div className="flex justify-end gap-2 pt-2">
              <Dialog.Close asChild>
                <Button variant="secondary">Cancel</Button>
              </Dialog.Close>
              <Button type="submit" busy={busy}>
                {item ? 'Save item' : 'Add item'}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
