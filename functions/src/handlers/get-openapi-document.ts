import { openApiDocument } from '@shared/openapi';
import { apiHandler } from '../http/api-handler';

/** The public API's OpenAPI 3.1 document, generated from the route table and the zod schemas (public). */
export const handler = apiHandler('get-openapi-document', {}, async () => ({
  body: openApiDocument(process.env.PUBLIC_URL),
  headers: { 'cache-control': 'public, max-age=300' },
}));
