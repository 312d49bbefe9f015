import { ArrowLeft } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';

/**
 * What an /admin/... address without a screen shows, inside the admin (header and tabs stay).
 * `adminsOnly`: the section exists, but this account may not use it (an editor on Backups).
 */
export function AdminNotFound({ adminsOnly = false }: { adminsOnly?: boolean }) {
  const { pathname } = useLocation();
  const title = adminsOnly ? 'Admins only' : 'Page not found';

  useEffect(() => {
    const previous = document.title;
    document.title = `${title} | ${document.title.split(' | ').at(-1) ?? ''}`;
    return () => {
      document.title = previous;
    };
  }, [title]);

  return (
    <section aria-labelledby="admin-not-found" className="mx-auto max-w-xl py-10 text-center">
      <p className="text-sm font-semibold text-lagoon-700 dark:text-lagoon-300">{adminsOnly ? '403' : '404'}</p>
      <h2 id="admin-not-found" className="mt-1 text-xl font-semibold text-stone-900 dark:text-stone-50">
        {title}
      </h2>
      <p className="mt-2 text-sm break-words text-stone-600 dark:text-stone-300">
        {adminsOnly ? (
          'This section is for admins only.'
        ) : (
          <>
            There is no admin screen at <code className="font-mono text-stone-800 dark:text-stone-100">{pathname}</code>
            .
          </>
        )}
      </p>
      <Link
        to="/admin/pages"
        className="mt-6 inline-flex h-10 items-center gap-2 rounded-lg bg-lagoon-700 px-4 text-sm font-semibold text-white shadow-sm hover:bg-lagoon-800 dark:bg-lagoon-500 dark:text-abyss-950 dark:hover:bg-lagoon-400"
      >
        <ArrowLeft aria-hidden="true" className="size-4" /> Back to Pages
      </Link>
    </section>
  );
}
