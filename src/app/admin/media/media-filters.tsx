import { Search } from 'lucide-react';
import { inputClass } from '../../../shared/ui/field';
import type { FolderFilter, FolderOption } from './media-api';

/** The folder filter (All folders / No folder / each folder) and the search box (file name, alt text, caption). */
export function MediaFilters({
  idPrefix,
  folder,
  onFolderChange,
  query,
  onQueryChange,
  folders,
  autoFocus = false,
}: {
  idPrefix: string;
  folder: FolderFilter;
  onFolderChange: (folder: FolderFilter) => void;
  query: string;
  onQueryChange: (query: string) => void;
  folders: FolderOption[];
  /** Start in the search box (the picker). */
  autoFocus?: boolean;
}) {
  return (
    <>
      <div className="relative w-full sm:w-64">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-stone-400"
        />
        <label htmlFor={`${idPrefix}-search`} className="sr-only">
          Search images by name or alt text
        </label>
        <input
          id={`${idPrefix}-search`}
          type="search"
          autoFocus={autoFocus}
          placeholder="Search name or alt text…"
          value={query}
          onChange={(event) => onQueryChange(event.target.value)}
          className={`${inputClass} pl-8`}
        />
      </div>
      <label htmlFor={`${idPrefix}-folder`} className="sr-only">
        Folder
      </label>
      <select
        id={`${idPrefix}-folder`}
        value={folder}
        onChange={(event) => onFolderChange(event.target.value)}
        className={`${inputClass} w-full sm:w-auto sm:max-w-64`}
      >
        <option value="all">All folders</option>
        <option value="none">No folder</option>
        {folders.map((option) => (
          <option key={option.id} value={option.id}>
            {option.label}
            {option.imageCount !== undefined ? ` (${option.imageCount})` : ''}
          </option>
        ))}
      </select>
    </>
  );
}
