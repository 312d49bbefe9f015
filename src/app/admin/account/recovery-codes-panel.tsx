import { Copy, Download, TriangleAlert } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '../../../shared/ui/button';
import { toastSuccess } from '../ui/toasts';

/** The codes as a text file: one per line, with a line saying what they are for. */
function codesText(codes: string[], email: string): string {
  const lines = [
    `Cenote Atlas recovery codes for ${email}`,
    'Each code signs you in once when you cannot use your authenticator app.',
    '',
    ...codes,
    '',
  ];
  return lines.join('\n');
}

export async function copyText(text: string, done: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    toastSuccess('Copied', done);
  } catch {
    toast.error('Error', { description: 'Copying failed. Select the text and copy it yourself.' });
  }
}

/** The 10 recovery codes, shown this once after they were made: copy, download, then Done. */
export function RecoveryCodesPanel({ codes, email, onDone }: { codes: string[]; email: string; onDone: () => void }) {
  const download = () => {
    const url = URL.createObjectURL(new Blob([codesText(codes, email)], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'cenote-atlas-recovery-codes.txt';
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  return (
    <section aria-labelledby="recovery-codes-heading" className="space-y-4">
      <h4 id="recovery-codes-heading" className="text-sm font-semibold text-stone-900 dark:text-stone-50">
        Your recovery codes
      </h4>
      <p className="flex gap-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-950 ring-1 ring-amber-200 dark:bg-amber-950 dark:text-amber-50 dark:ring-amber-800">
        <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span>
          <strong className="font-semibold">Save these now; they will not be shown again.</strong> Each code signs you
          in once if you lose your phone. Keep them somewhere safe, away from your password.
        </span>
      </p>
      <ul
        aria-label="Recovery codes"
        className="grid grid-cols-2 gap-2 rounded-lg bg-stone-50 p-3 font-mono text-sm tracking-wider text-stone-900 ring-1 ring-stone-200 sm:grid-cols-5 dark:bg-abyss-950 dark:text-stone-100 dark:ring-white/10"
      >
        {codes.map((code) => (
          <li key={code} className="text-center">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          size="sm"
          icon={<Copy aria-hidden="true" className="size-4" />}
          onClick={() => void copyText(codes.join('\n'), 'The recovery codes are on your clipboard.')}
        >
          Copy
        </Button>
        <Button
          variant="secondary"
          size="sm"
          icon={<Download aria-hidden="true" className="size-4" />}
          onClick={download}
        >
          Download
        </Button>
        <Button size="sm" className="ml-auto" onClick={onDone}>
          Done
        </Button>
      </div>
    </section>
  );
}
