/** Simple glyphs of our own for the social accounts set in SEO settings. */
const paths = {
  twitter: 'M5 4h4.2l4 5.6L17.8 4H20l-5.8 7.1L20.5 20h-4.2l-4.4-6.1L6.8 20H4.6l6.2-7.5z',
  facebook:
    'M13.5 21v-7.5h2.6l.4-3h-3V8.6c0-.9.3-1.5 1.6-1.5h1.6V4.4A21 21 0 0 0 14.4 4c-2.3 0-3.9 1.4-3.9 4v2.5H8v3h2.5V21z',
  instagram:
    'M7.5 3h9A4.5 4.5 0 0 1 21 7.5v9a4.5 4.5 0 0 1-4.5 4.5h-9A4.5 4.5 0 0 1 3 16.5v-9A4.5 4.5 0 0 1 7.5 3zm0 2A2.5 2.5 0 0 0 5 7.5v9A2.5 2.5 0 0 0 7.5 19h9a2.5 2.5 0 0 0 2.5-2.5v-9A2.5 2.5 0 0 0 16.5 5zm4.5 3a4 4 0 1 1 0 8 4 4 0 0 1 0-8zm0 2a2 2 0 1 0 0 4 2 2 0 0 0 0-4zm5-3.2a1 1 0 1 1 0 2 1 1 0 0 1 0-2z',
  youtube:
    'M21 8.2c-.2-1.5-1-2.5-2.5-2.7C16.2 5.2 12 5.2 12 5.2s-4.2 0-6.5.3C4 5.7 3.2 6.7 3 8.2a27 27 0 0 0 0 7.6c.2 1.5 1 2.5 2.5 2.7 2.3.3 6.5.3 6.5.3s4.2 0 6.5-.3c1.5-.2 2.3-1.2 2.5-2.7a27 27 0 0 0 0-7.6zM10 15V9l5.2 3z',
} as const;

export type SocialNetwork = keyof typeof paths;

export function SocialIcon({ network }: { network: SocialNetwork }) {
  return (
    <svg viewBox="0 0 24 24" className="size-5" fill="currentColor" aria-hidden="true" focusable="false">
      <path d={paths[network]} fillRule="evenodd" />
    </svg>
  );
}
