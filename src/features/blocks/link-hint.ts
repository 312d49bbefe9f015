/** The hint under every link field of the block editors (the rule is linkSchema's). */
export const linkHint = 'A site path like /safety-guidelines, or an address starting with https://';
