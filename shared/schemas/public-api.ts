/**
 * The public API (v1): its request and response schemas, keyed by the route table's "key" routes. The v1 handlers
 * validate with these and the OpenAPI document is generated from them and the route table (shared/openapi.ts), so a
 * route cannot join the public set without a schema entry here and a place in the document (the type below demands
 * one entry per "key" route).
 */
import { z } from 'zod';
import type { API_ROUTES } from '../api-routes';
import {
  carPackageDetailSchema,
  carPackagePathSchema,
  carPackageSummarySchema,
  carPackageZipResponseSchema,
  carNamed,
  createCarPackageFields,
  listCarPackagesQuerySchema,
  photoUploadSchema,
} from './car-packages';
import { creditBalanceSchema } from './credit-balance';
import { MESSAGES } from '../messages';
import { checkVin } from '../vin';
import { INVENTORY_FEED_COLUMNS, INVENTORY_FEED_PAGE_MAX, inventoryFeedDealerPathSchema, inventoryFeedLinkSchema, inventoryFeedQuerySchema, inventoryFeedResponseSchema, rotateInventoryFeedLinkRequestSchema } from './inventory-feed';

/** The car's stock number or VIN in the dealer's own system: unique per dealer. */
export const externalIdSchema = z
  .string({ error: (i) => (i.input === undefined ? 'external_id is required' : 'external_id must be text') })
  .regex(/^[A-Za-z0-9][A-Za-z0-9._:-]{0,63}$/, { error: 'external_id must be 1 to 64 letters, digits, ".", "_", ":" or "-" (a stock number or VIN)' })
  .meta({ description: "The car's stock number or VIN in your system; unique per dealer. Creating again with the same external_id answers the existing package.", example: 'WVWZZZ1KZAW000123' });

/** A name, a VIN, or an external_id that is a VIN: something to name the car by. */
export const v1CreateCarPackageRequestSchema = createCarPackageFields
  .extend({ external_id: externalIdSchema })
  .refine((b) => carNamed(b) || checkVin(b.external_id).ok, { error: MESSAGES.sessionNameRequired.description, path: ['session_name'] });

export const v1CarPackageSchema = carPackageSummarySchema.extend({ external_id: z.string().nullable() });
export const v1CarPackageDetailSchema = carPackageDetailSchema.extend({ external_id: z.string().nullable() });

export const v1CreateCarPackageResponseSchema = z.object({
  id: z.string(),
  external_id: z.string(),
  /** draft: photos still to upload, then start; otherwise the package's status. */
  status: z.string(),
  /** False when a package with this external_id existed already (this is it). */
  created: z.boolean(),
  /** One presigned POST per photo while the package is a draft (multipart/form-data: the fields, then the file as "file"). */
  uploads: z.array(photoUploadSchema),
  /** After this, a draft's uploads are refused and the draft is forgotten. */
  expires_at: z.string().nullable(),
});

export const v1ListCarPackagesQuerySchema = listCarPackagesQuerySchema;
export const v1ListCarPackagesResponseSchema = z.object({
  data: z.array(v1CarPackageSchema),
  /** Pass as `cursor` for the next page; null on the last page. */
  next_cursor: z.string().nullable(),
  has_more: z.boolean(),
});

/**
 * POST /api/v1/car-packages/{id}/start takes no options: no body, or `{}`. Any field is refused, so that a request
 * meant for something else (angles, a background) does not start the package and spend a credit.
 */
export const v1StartCarPackageRequestSchema = z.object({}).strict();

export const v1StartCarPackageResponseSchema = z.object({
  package: v1CarPackageSchema,
  /** True when the package had been started already: nothing was charged this time. */
  replayed: z.boolean(),
  /** Credits left after the start. */
  total_credits: z.number().int().nonnegative(),
});

/** Idempotency-Key header of the start: the same key answers the same start. */
export const idempotencyKeyHeaderSchema = z.string().regex(/^[\x21-\x7e]{1,255}$/);

/** Every error of the public API: a type for programs, a message for people, the parameter at fault. */
export const publicApiErrorSchema = z.object({
  type: z.enum(['invalid_request_error', 'authentication_error', 'permission_error', 'not_found_error', 'conflict_error', 'insufficient_credits_error', 'rate_limit_error', 'api_error']),
  message: z.string(),
  param: z.string().nullable(),
});
export type PublicApiError = z.infer<typeof publicApiErrorSchema>;

export interface PublicOperation {
  summary: string;
  description?: string;
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
  /** Request headers the route reads (name: description). */
  headers?: Record<string, string>;
  response: z.ZodType;
  status: number;
  /** The route also answers text/csv (format=csv): what the CSV holds. */
  csv?: string;
}

type KeyRoute = Extract<(typeof API_ROUTES)[number], { access: 'key' }>;
type RouteKeyOf<R> = R extends { method: infer M extends string; path: infer P extends string } ? `${M} ${P}` : never;
type KeyRouteKey = RouteKeyOf<KeyRoute>;

export const PUBLIC_OPERATIONS: Record<KeyRouteKey, PublicOperation> = {
  'POST /api/v1/car-packages': {
    summary: 'Create a car package (or get the one with this external_id)',
    description:
      'Answers one presigned upload per photo. Nothing is charged until the package starts. Creating again with an external_id you used answers the existing package (200, created false). `vin` and `stock_number` are optional: a VIN is checked (17 characters, no I, O or Q; a wrong check digit is answered as `vin_warning`, not refused) and decoded offline to year, make and model (`vehicle`), which name the car when `session_name` is empty. Without `vin` (or `stock_number`), an external_id that is a well-formed VIN is the VIN (otherwise the stock number).',
    body: v1CreateCarPackageRequestSchema,
    response: v1CreateCarPackageResponseSchema,
    status: 201,
  },
  'GET /api/v1/car-packages': {
    summary: 'List car packages, newest first; find a car',
    description:
      'Narrow the list as the gallery does: `q` finds a name, a VIN (whole or its last 6 characters) or a stock number, in any case; `vin` one car exactly; `status`; `created_from` and `created_to` the creation time. Pages are full while more match: pass `next_cursor` as `cursor` with the same filters.',
    query: v1ListCarPackagesQuerySchema,
    response: v1ListCarPackagesResponseSchema,
    status: 200,
  },
  'GET /api/v1/car-packages/{id}': {
    summary: 'Get a car package with its angles and image links',
    description: 'Image links are signed and short-lived: read the package again for fresh ones.',
    params: carPackagePathSchema,
    response: v1CarPackageDetailSchema,
    status: 200,
  },
  'POST /api/v1/car-packages/{id}/start': {
    summary: 'Start a car package (1 credit)',
    description: 'Checks every uploaded photo, charges 1 credit once and starts rendering. Starting again answers the same start without charging. It takes no body (or `{}`): any field is refused with 400 and nothing is started.',
    params: carPackagePathSchema,
    headers: { 'Idempotency-Key': 'Optional. The same key answers the same start; a key used for another request is refused (409).' },
    response: v1StartCarPackageResponseSchema,
    status: 200,
  },
  'POST /api/v1/car-packages/{id}/zip': {
    summary: 'Get a zip of every finished image',
    params: carPackagePathSchema,
    response: carPackageZipResponseSchema,
    status: 200,
  },
  'GET /api/v1/credits/balance': {
    summary: 'Your credit balance',
    response: creditBalanceSchema,
    status: 200,
  },
  'GET /api/v1/dealers/{dealer_id}/inventory-feed': {
    summary: 'Your inventory feed for listing sites (CSV or JSON)',
    description: `One row per car package you started (drafts and deleted packages are not in it; a package you started again appears once, as the new one), newest first, at most ${INVENTORY_FEED_PAGE_MAX} a page (\`next_cursor\`, or the CSV's Link header, gives the next). \`dealer_id\` is your account id (the \`user_id\` of your car packages): any other is answered 404 with no data. \`format=csv\` (the default) answers \`text/csv\` per RFC 4180 with a header row and the columns ${INVENTORY_FEED_COLUMNS.map((c) => `\`${c}\``).join(', ')}, in this order; lists are joined with \`|\` and follow the angle order front, rear, left side, right side, then the four corners (the n-th URL of each size is of the n-th angle). A cell starting with =, +, -, @ is prefixed with ' so no spreadsheet runs it. \`format=json\` answers the same fields as JSON. Image URLs stay the same in every read while the image is unchanged: a shared car's are its public page's; the others are signed links on this site with no expiry, valid while the image is the car's current one (a retried angle gets a new URL) and until you renew the feed link. Sizes: \`full\` (1536x1024), \`1024\` (1024x683) and \`640x480\` (letterboxed, never cropped). The walk-around video URL answers with a redirect to a signed download valid for an hour.`,
    params: inventoryFeedDealerPathSchema,
    query: inventoryFeedQuerySchema,
    response: inventoryFeedResponseSchema,
    status: 200,
    csv: `format=csv (the default): a header row, then one row per car, every field quoted; columns ${INVENTORY_FEED_COLUMNS.join(', ')}.`,
  },
  'POST /api/v1/dealers/{dealer_id}/inventory-feed/link': {
    summary: 'Renew your secret feed link',
    description:
      'A new secret link to your inventory feed, for a listing site that cannot send a key: the link itself is the password (256 bits), shown only in this answer; we keep its fingerprint. The link before it, and the signed image links of the feed, stop working at once: give the listing site the new link. The same as Settings → Inventory feed → New link. No body, or `{}`.',
    params: inventoryFeedDealerPathSchema,
    body: rotateInventoryFeedLinkRequestSchema,
    response: inventoryFeedLinkSchema,
    status: 200,
  },
};
