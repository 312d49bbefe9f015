import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { api, ApiError } from '../../../shared/lib/api-client';
import type { Locale } from '../../../shared/lib/locale';
import { toastFailure, toastSuccess } from '../ui/toasts';
import type { PageDto } from '../../../features/pages/pages.dto';

/**
 * POST /api/v1/pages/:id/translations (decision 44): the English page copied (title, excerpt, SEO
 * fields, blocks) into a new Spanish draft, linked to it. 409 `translation_exists` when it has one.
 */
export async function createTranslation(pageId: string, locale: Locale = 'es'): Promise<PageDto> {
  const { page } = await api.post<{ page: PageDto }>(`/api/v1/pages/${pageId}/translations`, { locale });
  return page;
}

/**
 * 'Add Spanish translation', from the editor or the pages list: creates the Spanish draft and opens
 * its editor. `before` runs first (the editor saves its pending edits, so the copy has them) and
 * may refuse; `onRefused` lets the editor read the page's languages again after a refusal (a 409:
 * someone added the translation meanwhile). Leaving the editor stays guarded by its unsaved-edits
 * question.
 */
export function useAddTranslation() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [busyId, setBusyId] = useState<string | null>(null);

  const add = async (
    page: Pick<PageDto, 'id' | 'title'>,
    { before, onRefused }: { before?: () => Promise<boolean>; onRefused?: () => void } = {},
  ) => {
    setBusyId(page.id);
    try {
      if (before && !(await before())) {
        throw new ApiError(
          409,
          'unsaved_edits',
          'Some edits could not be saved yet. Resolve them, then add the translation.',
        );
      }
      const created = await createTranslation(page.id);
      toastSuccess(
        'Spanish translation created',
        `A draft copy of "${page.title}" at ${created.path}. Translate it, then publish it.`,
      );
      void queryClient.invalidateQueries({ queryKey: ['pages'] });
      // Read again when next opened (not now: its editor may still be sending its last save).
      void queryClient.invalidateQueries({ queryKey: ['page', page.id], refetchType: 'none' });
      void navigate(`/admin/pages/${created.id}`);
    } catch (error) {
      toastFailure('Failed to add the Spanish translation.', error);
      // A 409: it has one already, added elsewhere; the list and the editor show it once read again.
      void queryClient.invalidateQueries({ queryKey: ['pages'] });
      onRefused?.();
    } finally {
      setBusyId(null);
    }
  };

  return { add, busyId };
}
