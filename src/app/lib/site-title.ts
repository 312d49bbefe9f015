/** The site title the server put on the app root (SEO settings), 'Cenote Atlas' by default. */
export function useSiteTitle(): string {
  if (typeof document === 'undefined') return 'Cenote Atlas';
  return document.getElementById('app')?.dataset['siteTitle'] || 'Cenote Atlas';
}
