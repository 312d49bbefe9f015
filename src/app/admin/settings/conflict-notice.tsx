export function ConflictNotice({ onReload }: { onReload: () => void }) {
  return (
    <div role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
      This was changed by someone else. Reload to see their changes.{' '}
      <button type="button" className="font-semibold underline" onClick={onReload}>
        Reload (discards your changes)
      </button>
    </div>
  );
}
