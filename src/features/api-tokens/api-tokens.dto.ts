import { z } from 'zod';

/** Roles a token can carry: it acts for content and settings, never as a plain viewer. */
export const apiTokenRoles = ['editor', 'admin'] as const;
export type ApiTokenRole = (typeof apiTokenRoles)[number];

/** Every token starts with this, so it is recognisable in a config file or a secret scanner. */
export const apiTokenPrefix = 'cat_';

/** `cat_` + 32 random bytes in base64url (43 characters). */
export const apiTokenPattern = /^cat_[A-Za-z0-9_-]{43}$/;

export const apiTokenNameMaxLength = 100;

export const apiTokenStatuses = ['active', 'expired', 'revoked'] as const;
export type ApiTokenStatus = (typeof apiTokenStatuses)[number];

export const apiTokenDtoSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  role: z.enum(apiTokenRoles),
  token_prefix: z.string().describe('The first characters after `cat_`, to tell tokens apart; never the whole token'),
  created_by: z
    .object({
      id: z.uuid(),
      name: z.string().describe('Full name, or the e-mail address when there is none'),
      disabled: z.boolean().describe('The account is disabled: its tokens are refused until it is enabled again'),
    })
    .nullable()
    .describe('Who created it; null once that account was deleted (the token is then refused)'),
  created_at: z.string(),
  expires_at: z.string().nullable().describe('null: never expires'),
  last_used_at: z.string().nullable().describe('Updated at most once a minute'),
  revoked_at: z.string().nullable(),
  status: z.enum(apiTokenStatuses),
});

export type ApiTokenDto = z.output<typeof apiTokenDtoSchema>;

export const createApiTokenBodySchema = z.object({
  name: z.string().describe(`1 to ${apiTokenNameMaxLength} characters, e.g. "Deploy script"`),
  role: z.enum(apiTokenRoles, { error: 'Choose editor or admin.' }),
  expires_at: z
    .string()
    .nullable()
    .optional()
    .describe('ISO 8601 with an offset, in the future; leave out or null for a token that never expires'),
});

export type CreateApiTokenInput = z.output<typeof createApiTokenBodySchema>;

export const createdApiTokenSchema = z.object({
  token: z.string().describe('The whole token: shown this once, only its SHA-256 is stored'),
  api_token: apiTokenDtoSchema,
});

export type CreatedApiToken = z.output<typeof createdApiTokenSchema>;
