import { ImageOff, Images } from 'lucide-react';
import { useState } from 'react';
import { isSafeImageUrl } from '../../shared/lib/links';
import { Button } from '../../shared/ui/button';
import { inputClass } from '../../shared/ui/field';
import { useImagePicker } from './image-picker-context';

export interface ImageFieldProps {
  label: string;
  /** The image's URL: a /media/... path on this site or an https:// address; '' for none. */
  value: string;
  onChange: (url: string) => void;
  /** Prefix for this field's element ids; the input's id is `${idPrefix}-url`. */
  idPrefix: string;
  /** An error from the server for this field. */
  error?: string | undefined;
}

const imageUrlHelp = 'A /media/... path or an https:// address.';

/**
 * The one image picker of the block editors: the image's address, with a thumbnail once set,
 * and 'Choose from library' when the app provides a media-library picker (ImagePickerContext).
 */
export function ImageField({ label, value, onChange, idPrefix, error }: ImageFieldProps) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const picker = useImagePicker();
  const [picking, setPicking] = useState(false);
  const inputId = `${idPrefix}-url`;
  const trimmed = value.trim();
  const unsafe = trimmed !== '' && !isSafeImageUrl(trimmed);
  const message = error ?? (unsafe ? `This address cannot be used. ${imageUrlHelp}` : undefined);
  const showPreview = trimmed !== '' && !unsafe;
  const failed = failedUrl === trimmed;

  const chooseFromLibrary = async () => {
    if (!picker) return;
    setPicking(true);
    try {
      const url = await picker.pick(value);
      if (url !== null) onChange(url);
    } finally {
      setPicking(false);
    }
  };

  return (
    <div className="min-w-0">
      <label
        id={`${idPrefix}-label`}
        htmlFor={inputId}
        className="mb-1.5 block text-sm font-medium text-stone-800 dark:text-stone-200"
      >
        {label}
      </label>
      <div className="flex flex-wrap items-start gap-3">
        <div className="min-w-48 flex-1">
          <input
            id={inputId}
            type="text"
            inputMode="url"
            spellCheck={false}
            autoComplete="off"
            value={value}
            maxLength={2048}
            placeholder="/media/..."
            onChange={(event) => onChange(event.target.value)}
            aria-invalid={message ? true : undefined}
            aria-describedby={`${idPrefix}-hint${message ? ` ${idPrefix}-error` : ''}`}
            className={`${inputClass} font-mono`}
          />
          <p id={`${idPrefix}-hint`} className="mt-1 text-xs text-stone-500 dark:text-stone-400">
            {failed ? 'The image could not be loaded from this address.' : imageUrlHelp}
          </p>
          {message ? (
            <p id={`${idPrefix}-error`} className="mt-1 text-xs font-medium text-red-700 dark:text-red-400">
              {message}
            </p>
          ) : null}
        </div>
        {showPreview ? (
          <div className="flex h-[2.375rem] w-16 shrink-0 items-center justify-center overflow-hidden rounded-md bg-stone-100 ring-1 ring-stone-200 dark:bg-abyss-800 dark:ring-white/10">
            {failed ? (
              <ImageOff aria-hidden="true" className="size-4 text-stone-400" />
            ) : (
              <img
                key={trimmed}
                src={trimmed}
                alt=""
                loading="lazy"
                decoding="async"
                onError={() => setFailedUrl(trimmed)}
                className="size-full object-cover"
              />
            )}
          </div>
        ) : null}
        {picker ? (
          <Button
            variant="secondary"
            className="shrink-0"
            aria-haspopup="dialog"
            aria-describedby={`${idPrefix}-label`}
            disabled={picking}
            icon={<Images aria-hidden="true" className="size-4" />}
            onClick={() => void chooseFromLibrary()}
          >
            Choose from library
          </Button>
        ) : null}
      </div>
    </div>
  );
}

/** A small decorative thumbnail (list headers); nothing for no or an unusable address. */
export function Thumbnail({ url, className = 'size-full object-cover' }: { url: string; className?: string }) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const trimmed = url.trim();
  if (trimmed === '' || !isSafeImageUrl(trimmed)) return null;
  if (failedUrl === trimmed) return <ImageOff aria-hidden="true" className="size-4 text-stone-400" />;
  return (
    <img
      key={trimmed}
      src={trimmed}
      alt=""
      loading="lazy"
      decoding="async"
      onError={() => setFailedUrl(trimmed)}
      className={className}
    />
  );
}
