import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

interface Schema {
  type?: string | string[];
  description?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  enum?: unknown[];
  items?: Schema;
  anyOf?: Schema[];
}
export interface Operation {
  operationId: string;
  summary: string;
  description?: string;
  parameters?: { name: string; in: string; required: boolean; description?: string; schema: Schema }[];
  requestBody?: { content: { 'application/json': { schema: Schema } } };
  responses: Record<string, { description: string }>;
}
export interface OpenApiDocument {
  info: { title: string; version: string; description: string };
  paths: Record<string, Record<string, Operation>>;
}
export type { Schema as OpenApiSchema };

/** The public API's OpenAPI document, as the server generates it from the route table and the schemas. */
export function useOpenApiDocument() {
  return useQuery({ queryKey: ['openapi'], queryFn: ({ signal }) => api.get<OpenApiDocument>('/api/v1/openapi.json', { signal }), staleTime: Infinity });
}
