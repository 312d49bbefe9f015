import type { ComponentType } from 'react';

/**
 * Server-rendered markup that the browser hydrates on its own (an "island"): everything
 * else on a public page stays static HTML and ships no JavaScript. The props travel in a
 * data attribute (React escapes it), so no inline script is needed and the CSP stays strict.
 */
export function Island<P extends object>({
  name,
  component: Component,
  props,
}: {
  name: string;
  component: ComponentType<P>;
  props: P;
}) {
  return (
    <div data-island={name} data-props={JSON.stringify(props)} className="contents">
      <Component {...props} />
    </div>
  );
}
