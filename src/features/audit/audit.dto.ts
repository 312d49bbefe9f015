import { z } from 'zod';

/** One entry as the API answers it (GET /api/v1/audit). */
export const auditItemSchema = z.object({
  id: z.string(),
  created_at: z.string().describe('ISO 8601'),
  actor: z.object({
    type: z.enum(['user', 'token', 'anonymous', 'system']),
    id: z.string().nullable().describe('The user (for a token: the user who made the request with it, if known)'),
    label: z.string().nullable().describe("The e-mail address, the token's name or the job, as it was then"),
    token_id: z.string().nullable(),
  }),
  action: z.string(),
  action_label: z.string(),
  target: z.object({ type: z.string(), id: z.string().nullable(), label: z.string().nullable() }).nullable(),
  ip: z.string().nullable(),
  summary: z.string(),
});
export type AuditItem = z.infer<typeof auditItemSchema>;

export const auditListSchema = z.object({ items: z.array(auditItemSchema), next_cursor: z.string().nullable() });
export type AuditList = z.infer<typeof auditListSchema>;

/** People who appear in the log, for the screen's person filter. */
export const auditActorsSchema = z.object({
  items: z.array(z.object({ id: z.string(), label: z.string() })),
});
export type AuditActors = z.infer<typeof auditActorsSchema>;

/** Every action the log records, grouped by area, for the screen's action filter. */
export const auditActionGroupsSchema = z.object({
  groups: z.array(
    z.object({
      label: z.string(),
      actions: z.array(z.object({ action: z.string(), label: z.string() })),
    }),
  ),
});
export type AuditActionGroups = z.infer<typeof auditActionGroupsSchema>;
