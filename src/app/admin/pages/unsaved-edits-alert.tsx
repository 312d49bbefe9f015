import type { UnsavedEdit } from './autosave';

/**
 * After Save, Publish or Preview: the edits that are still only on screen, each with why and a
 * way to it. An edit leaves the list as soon as it is saved or changed again.
 */
export function UnsavedEditsAlert({
  unsaved,
  onShow,
}: {
  unsaved: UnsavedEdit[];
  onShow: (edit: UnsavedEdit) => void;
}) {
  if (unsaved.length === 0) return null;
  return (
    <div
      role="alert"
      className="mt-4 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
    >
      <p className="font-semibold">
        {unsaved.length === 1
          ? 'Not saved: this edit is still only on your screen.'
          : `Not saved: these ${unsaved.length} edits are still only on your screen.`}
      </p>
      <ul className="mt-1.5 space-y-1">
        {unsaved.map((edit) => (
          <li key={edit.id} data-unsaved-edit={edit.id}>
            <span className="font-medium">{edit.label}</span>: {edit.reason}{' '}
            <button
              type="button"
              className="font-semibold whitespace-nowrap underline"
              aria-label={`Show ${edit.label}`}
              onClick={() => onShow(edit)}
            >
              Show
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
