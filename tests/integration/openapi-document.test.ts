import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { API_ROUTES, type ApiRoute } from '@shared/api-routes';
import { openApiDocument } from '@shared/openapi';
import { v1CreateCarPackageRequestSchema } from '@shared/schemas/public-api';
import { useLocalHost } from '../support/local-host';

/**
 * The OpenAPI document of the public API (issue 28): served at /api/v1/openapi.json, valid against the OpenAPI 3.1
 * schema (the validator ships the official schemas: nothing is downloaded), and listing exactly the routes an API key
 * reaches, with the request schema the handler validates with.
 */
const { url } = useLocalHost();

type Doc = { openapi: string; paths: Record<string, Record<string, { operationId: string; requestBody?: { content: Record<string, { schema: unknown }> } }>> };

describe('the OpenAPI document', () => {
  it('is served at /api/v1/openapi.json without a key and validates against the OpenAPI 3.1 schema', async () => {
    const response = await fetch(`${url}/api/v1/openapi.json`);
    expect(response.status).toBe(200);
    const doc = (await response.json()) as Doc;
    expect(doc.openapi).toBe('3.1.0');
    const validator = new Validator();
    const result = await validator.validate(doc as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('lists exactly the public (API key) routes of the route table', () => {
    const doc = openApiDocument() as Doc;
    const listed = Object.entries(doc.paths).flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`)).sort();
    const keyRoutes = (API_ROUTES as readonly ApiRoute[]).filter((r) => r.access === 'key').map((r) => `${r.method} ${r.path}`).sort();
    expect(keyRoutes.length).toBeGreaterThanOrEqual(6);
    expect(listed).toEqual(keyRoutes);
    // No route of the app (sessions), the admin area, payments or erasure is documented as reachable by a key.
    expect(listed.filter((k) => /admin|account|purchase|erasure|stripe|api-keys|webhooks/.test(k))).toEqual([]);
  });

  it('describes a request body with the schema its handler validates with (one source)', () => {
    const doc = openApiDocument() as Doc;
    const schema = doc.paths['/api/v1/car-packages']!.post!.requestBody!.content['application/json']!.schema as { required: string[]; properties: Record<string, unknown> };
    // session_name may be left out when a VIN names the car (issue 41).
    expect(schema.required).toEqual(expect.arrayContaining(['external_id', 'photos']));
    expect(schema.properties).toHaveProperty('vin');
    expect(schema.properties).toHaveProperty('stock_number');
    // The list's filters, as the gallery's (issue 41).
    const listed = (doc.paths['/api/v1/car-packages']!.get as unknown as { parameters: { name: string }[] }).parameters.map((p) => p.name);
    expect(listed).toEqual(expect.arrayContaining(['q', 'vin', 'status', 'created_from', 'created_to', 'limit', 'cursor']));
    expect(Object.keys(schema.properties).sort()).toEqual(Object.keys(v1CreateCarPackageRequestSchema.shape).sort());
  });

  it('a route added to the public set without its schemas cannot be documented (the generator refuses it)', () => {
    const extra = { method: 'GET', path: '/api/v1/not-documented', handler: 'v1-not-documented', access: 'key' } as const;
    (API_ROUTES as unknown as ApiRoute[]).push(extra);
    try {
      expect(() => openApiDocument()).toThrow(/GET \/api\/v1\/not-documented .*PUBLIC_OPERATIONS/);
    } finally {
      (API_ROUTES as unknown as ApiRoute[]).pop();
    }
  });
});
