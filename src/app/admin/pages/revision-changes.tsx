import { Fragment, type ReactNode } from 'react';
import type { FieldChange, RevisionDiff, TextRun } from '../../../features/publishing/revision-diff';

/** Shared words kept around a change when a long stretch between changes is shortened. */
const contextWords = 12;

/**
 * Long unchanged stretches are shortened to the words next to a change, so a one-word edit in a
 * long article reads at a glance. The first and last stretch keep only the side facing a change.
 */
export function condenseRuns(runs: TextRun[]): TextRun[] {
  return runs.map((run, index) => {
    if (run.kind !== 'same') return run;
    const words = run.text.split(' ');
    const first = index === 0;
    const last = index === runs.length - 1;
    if (first && last) return run;
    const keep = first || last ? contextWords : contextWords * 2;
    if (words.length <= keep + 4) return run;
    if (first) return { kind: 'same', text: `… ${words.slice(-contextWords).join(' ')}` };
    if (last) return { kind: 'same', text: `${words.slice(0, contextWords).join(' ')} …` };
    return {
      kind: 'same',
      text: `${words.slice(0, contextWords).join(' ')} … ${words.slice(-contextWords).join(' ')}`,
    };
  });
}

const insClass =
  'rounded-sm bg-emerald-50 px-0.5 text-emerald-900 underline decoration-emerald-600 decoration-2 underline-offset-2 dark:bg-emerald-950 dark:text-emerald-100';
const delClass =
  'rounded-sm bg-red-50 px-0.5 text-red-800 line-through decoration-red-600 decoration-2 dark:bg-red-950 dark:text-red-200';

/** Inserted and deleted words, marked with <ins>/<del> and named for screen readers (not colour alone). */
export function DiffText({ runs }: { runs: TextRun[] }) {
  if (runs.length === 0) return <span className="text-stone-500 italic">(empty)</span>;
  return (
    <>
      {condenseRuns(runs).map((run, index) => (
        <Fragment key={index}>
          {index > 0 ? ' ' : null}
          {run.kind === 'same' ? (
            <span>{run.text}</span>
          ) : run.kind === 'added' ? (
            <ins className={insClass}>
              <span className="sr-only">[added: </span>
              {run.text}
              <span className="sr-only">]</span>
            </ins>
          ) : (
            <del className={delClass}>
              <span className="sr-only">[removed: </span>
              {run.text}
              <span className="sr-only">]</span>
            </del>
          )}
        </Fragment>
      ))}
    </>
  );
}

function Empty({ value }: { value: string }) {
  return value === '' ? <span className="text-stone-500 italic">(empty)</span> : <>{value}</>;
}

/** A value that is not prose (an address, a setting, JSON): this version's and the draft's side by side. */
function BeforeAfter({ change }: { change: FieldChange }) {
  const pre = change.format === 'json';
  const valueClass = pre
    ? 'rounded-md bg-stone-50 p-2 font-mono text-xs break-all whitespace-pre-wrap dark:bg-abyss-950'
    : 'break-words';
  return (
    <dl className="grid grid-cols-[7.5rem_minmax(0,1fr)] gap-x-3 gap-y-1">
      <dt className="text-xs text-stone-500 dark:text-stone-400">This version</dt>
      <dd className={valueClass}>
        {change.before === '' ? (
          <Empty value="" />
        ) : (
          <del className={`${delClass} ${pre ? 'no-underline' : ''}`}>
            <span className="sr-only">[removed: </span>
            {change.before}
            <span className="sr-only">]</span>
          </del>
        )}
      </dd>
      <dt className="text-xs text-stone-500 dark:text-stone-400">Current draft</dt>
      <dd className={valueClass}>
        {change.after === '' ? (
          <Empty value="" />
        ) : (
          <ins className={insClass}>
            <span className="sr-only">[added: </span>
            {change.after}
            <span className="sr-only">]</span>
          </ins>
        )}
      </dd>
    </dl>
  );
}

function FieldDiff({ change }: { change: FieldChange }) {
  if (change.formattingOnly) {
    return (
      <>
        <p className="text-stone-600 dark:text-stone-400">Only the formatting changed (emphasis, links or lists).</p>
        {change.runs ? (
          <p className="mt-1 line-clamp-3 text-stone-800 dark:text-stone-200">
            <DiffText runs={change.runs} />
          </p>
        ) : null}
      </>
    );
  }
  if (change.runs) {
    return (
      <p className="leading-relaxed break-words text-stone-800 dark:text-stone-200">
        <DiffText runs={change.runs} />
      </p>
    );
  }
  if (change.format === 'text') {
    return (
      <p className="text-stone-600 dark:text-stone-400">The text changed. It is too long to compare word by word.</p>
    );
  }
  return <BeforeAfter change={change} />;
}

function FieldList({ changes }: { changes: FieldChange[] }) {
  return (
    <dl className="divide-y divide-stone-100 dark:divide-white/5">
      {changes.map((change) => (
        <div key={change.name} className="grid gap-1 py-2 sm:grid-cols-[10rem_minmax(0,1fr)] sm:gap-3">
          <dt className="text-xs font-semibold text-stone-600 dark:text-stone-300">
            {change.label}
            {change.change !== 'changed' ? (
              <span className="ml-1 font-normal text-stone-500">({change.change})</span>
            ) : null}
          </dt>
          <dd className="min-w-0 text-sm">
            <FieldDiff change={change} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

const tagTones = {
  added: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200',
  removed: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200',
  neutral: 'bg-stone-100 text-stone-800 dark:bg-white/10 dark:text-stone-200',
} as const;

function Tag({ tone, children }: { tone: keyof typeof tagTones; children: ReactNode }) {
  return (
    <span
      className={`inline-block w-16 shrink-0 rounded px-1.5 py-0.5 text-center text-xs font-semibold ${tagTones[tone]}`}
    >
      {children}
    </span>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mt-5 first:mt-0">
      <h4 className="mb-1 text-xs font-semibold tracking-wide text-stone-500 uppercase dark:text-stone-400">{title}</h4>
      {children}
    </section>
  );
}

/** 'Changes against the current draft': page fields, block list changes, and each changed block's fields. */
export function RevisionChanges({ diff }: { diff: RevisionDiff }) {
  if (diff.identical) {
    return (
      <p className="rounded-lg border border-stone-200 bg-stone-50 p-3 text-sm text-stone-700 dark:border-white/10 dark:bg-abyss-950 dark:text-stone-300">
        Nothing differs: this version is the same as the current draft.
      </p>
    );
  }
  const { blocks } = diff;
  const listChanges = [
    ...blocks.added.map((ref) => ({ key: `added-${ref.id}`, tag: 'Added', tone: 'added' as const, ref, note: '' })),
    ...blocks.removed.map((ref) => ({
      key: `removed-${ref.id}`,
      tag: 'Removed',
      tone: 'removed' as const,
      ref,
      note: '',
    })),
    ...blocks.moved.map((ref) => ({
      key: `moved-${ref.id}`,
      tag: 'Moved',
      tone: 'neutral' as const,
      ref,
      note: `from position ${ref.from} to ${ref.to}`,
    })),
    ...blocks.activated.map((ref) => ({
      key: `shown-${ref.id}`,
      tag: 'Shown',
      tone: 'neutral' as const,
      ref,
      note: 'hidden in this version',
    })),
    ...blocks.deactivated.map((ref) => ({
      key: `hidden-${ref.id}`,
      tag: 'Hidden',
      tone: 'neutral' as const,
      ref,
      note: 'shown in this version',
    })),
  ];
  return (
    <div>
      {diff.fields.length > 0 ? (
        <Section title="Page fields">
          <FieldList changes={diff.fields} />
        </Section>
      ) : null}
      {listChanges.length > 0 ? (
        <Section title="Blocks">
          <ul className="space-y-1.5 py-1 text-sm">
            {listChanges.map((item) => (
              <li key={item.key} className="flex items-baseline gap-2">
                <Tag tone={item.tone}>{item.tag}</Tag>
                <span className="min-w-0 text-stone-800 dark:text-stone-200">
                  {item.ref.label}
                  {item.note ? <span className="text-stone-500 dark:text-stone-400"> — {item.note}</span> : null}
                </span>
              </li>
            ))}
          </ul>
        </Section>
      ) : null}
      {blocks.changed.length > 0 ? (
        <Section title="Block content">
          {blocks.changed.map((block) => (
            <div key={block.id} className="mt-2 first:mt-0">
              <h5 className="text-sm font-semibold text-stone-900 dark:text-stone-100">{block.label}</h5>
              <FieldList changes={block.fields} />
            </div>
          ))}
        </Section>
      ) : null}
    </div>
  );
}
