/**
 * The Cenote Atlas mark: a sunlit opening over layered water. Its gradient needs an id, and ids
 * are unique per document: where the mark appears more than once (the site header and footer),
 * each one passes its own `id`.
 */
export function LogoMark({ className = 'size-9', id = 'logo' }: { className?: string; id?: string }) {
  const gradient = `${id}-water`;
  return (
    <svg viewBox="0 0 40 40" className={className} aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#63e2da" />
          <stop offset="1" stopColor="#0c8788" />
        </linearGradient>
      </defs>
      <circle cx="20" cy="20" r="19" fill="#04292c" />
      <path d="M6 22a14 14 0 0 0 28 0Z" fill={`url(#${gradient})`} />
      <path
        d="M9 27c3.5-1.6 7-1.6 11 0s7.5 1.6 11 0"
        fill="none"
        stroke="#cffaf4"
        strokeWidth="1.6"
        strokeLinecap="round"
        opacity=".8"
      />
      <path d="M17 6l3 14 3-14" fill="#fef3c7" opacity=".85" />
      <circle cx="20" cy="9" r="3.2" fill="#fde68a" />
    </svg>
  );
}
