import type { PageDto } from '../../../features/pages/pages.dto';
import { pageInputSchema } from '../../../features/pages/pages.schema';

/* The page editor's form: its fields as the inputs hold them, and the API body made from them. */

export interface PageForm {
  title: string;
  slug: string;
  excerpt: string;
  is_published: boolean;
  page_type: string;
  meta_title: string;
  meta_description: string;
  canonical_url: string;
  og_title: string;
  og_description: string;
  og_image: string;
  twitter_title: string;
  twitter_description: string;
  twitter_image: string;
  structured_data: string;
}

export const emptyForm: PageForm = {
  title: '',
  slug: '',
  excerpt: '',
  is_published: false,
  page_type: 'standard',
  meta_title: '',
  meta_description: '',
  canonical_url: '',
  og_title: '',
  og_description: '',
  og_image: '',
  twitter_title: '',
  twitter_description: '',
  twitter_image: '',
  structured_data: '',
};

export function formFromPage(page: PageDto): PageForm {
  return {
    title: page.title,
    slug: page.slug,
    excerpt: page.excerpt,
    is_published: page.is_published,
    page_type: page.page_type,
    meta_title: page.meta_title ?? '',
    meta_description: page.meta_description ?? '',
    canonical_url: page.canonical_url ?? '',
    og_title: page.og_title ?? '',
    og_description: page.og_description ?? '',
    og_image: page.og_image ?? '',
    twitter_title: page.twitter_title ?? '',
    twitter_description: page.twitter_description ?? '',
    twitter_image: page.twitter_image ?? '',
    structured_data: page.structured_data ? JSON.stringify(page.structured_data, null, 2) : '',
  };
}

/** 'cenote Dos Ojos!' → 'cenote-dos-ojos' (accents dropped). */
export function slugify(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100)
    .replace(/-+$/, '');
}

const blank = (value: string) => (value.trim() === '' ? null : value.trim());

/**
 * Turns the form into the API body; returns field errors instead when something is invalid. The
 * Published switch is not part of it: it publishes or takes down at once (decision 30), while the
 * fields are saved into the draft.
 */
export function toPayload(form: PageForm): { body?: Record<string, unknown>; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  let structured: Record<string, unknown> | null = null;
  if (form.structured_data.trim() !== '') {
    try {
      const parsed: unknown = JSON.parse(form.structured_data);
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
        errors['structured_data'] = 'Structured data must be a JSON object.';
      else structured = parsed as Record<string, unknown>;
    } catch (error) {
      errors['structured_data'] = `Invalid JSON: ${error instanceof Error ? error.message : 'cannot be read'}`;
    }
  }
  const body = {
    title: form.title,
    slug: form.slug,
    excerpt: form.excerpt,
    page_type: form.page_type || 'standard',
    meta_title: blank(form.meta_title),
    meta_description: blank(form.meta_description),
    canonical_url: blank(form.canonical_url),
    og_title: blank(form.og_title),
    og_description: blank(form.og_description),
    og_image: blank(form.og_image),
    twitter_title: blank(form.twitter_title),
    twitter_description: blank(form.twitter_description),
    twitter_image: blank(form.twitter_image),
    structured_data: structured,
  };
  const parsed = pageInputSchema.safeParse(body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? 'form');
      errors[key] ??= issue.message;
    }
  }
  return Object.keys(errors).length > 0 ? { errors } : { body, errors };
}
