/**
 * The weights the site and the admin use (normal, medium, semibold, bold). The build cuts the
 * variable fonts' weight axis to this range; `tests/lint/font-weights.test.ts` keeps the CSS in it.
 */
export const fontWeights = { min: 400, max: 700 } as const;
