import { z } from 'zod';

/** The events a webhook can subscribe to, in the order the admin lists them. */
export const webhookEventNames = ['page.published', 'page.unpublished', 'page.deleted'] as const;

export const webhookEventLabels: Record<(typeof webhookEventNames)[number], string> = {
  'page.published': 'Published',
  'page.unpublished': 'Unpublished',
  'page.deleted': 'Deleted',
};

export const webhookDeliveryStatuses = ['pending', 'delivered', 'failed'] as const;

export const webhookSchema = z.object({
  id: z.uuid(),
  url: z.string(),
  events: z.array(z.string()).describe('Subset of page.published, page.unpublished, page.deleted'),
  active: z.boolean(),
  created_at: z.string().describe('ISO 8601'),
  last_delivery_status: z
    .enum(webhookDeliveryStatuses)
    .nullable()
    .describe('The newest delivery’s status; null before the first'),
  last_delivery_at: z
    .string()
    .nullable()
    .describe('When the newest delivery was made or last tried (ISO 8601); null before the first'),
});
export type WebhookDto = z.infer<typeof webhookSchema>;

export const createWebhookBodySchema = z.object({
  url: z.string().max(4000).describe('http(s) URL, at most 2000 characters, public address'),
  events: z
    .array(z.string().max(100))
    .max(10)
    .describe('At least one of page.published, page.unpublished, page.deleted'),
  secret: z
    .string()
    .max(200)
    .optional()
    .describe('At least 16 characters; leave out to have one generated (32 random bytes, hex)'),
});
export type CreateWebhookBody = z.infer<typeof createWebhookBodySchema>;

export const createWebhookResponseSchema = z.object({
  webhook: webhookSchema,
  secret: z.string().describe('Shown this once: the key of X-Atlas-Signature (HMAC-SHA256 of the body)'),
});
export type CreateWebhookResponse = z.infer<typeof createWebhookResponseSchema>;

export const webhookDeliverySchema = z.object({
  id: z.uuid(),
  event: z.string().describe('page.published, page.unpublished, page.deleted or ping'),
  status: z.enum(webhookDeliveryStatuses).describe('pending: waiting for its first or next try'),
  attempts: z.number().int(),
  response_status: z.number().int().nullable().describe('The receiver’s HTTP status at the latest attempt'),
  last_error: z.string().nullable(),
  created_at: z.string(),
  last_attempt_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
  next_attempt_at: z.string().nullable().describe('When it is tried next, while pending'),
});
export type WebhookDeliveryDto = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveryListSchema = z.object({
  items: z.array(webhookDeliverySchema),
  next_cursor: z.string().nullable(),
});
export type WebhookDeliveryList = z.infer<typeof webhookDeliveryListSchema>;
