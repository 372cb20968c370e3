import { z } from 'zod';

export const creditPackageSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  credits: z.number().int().positive(),
  price_cents: z.number().int().nonnegative(),
  price_per_credit_cents: z.number(),
  sort_order: z.number().int(),
  is_active: z.boolean(),
  is_popular: z.boolean(),
  price_dollars: z.string(),
  price_per_credit_dollars: z.string(),
  savings_percentage: z.number(),
  best_value: z.boolean(),
});
export type CreditPackage = z.infer<typeof creditPackageSchema>;

export const creditPackagesResponseSchema = z.object({ packages: z.array(creditPackageSchema) });
export type CreditPackagesResponse = z.infer<typeof creditPackagesResponseSchema>;
