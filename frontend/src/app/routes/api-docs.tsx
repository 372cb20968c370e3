import { ApiDocsPage } from '@/features/api-docs/components/api-docs-page';

export default function ApiDocsRoute() {
  return <ApiDocsPage />;
}
