import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiKey, CreateApiKeyResponse, CreateWebhookEndpointResponse, WebhookDelivery, WebhookEndpoint } from '@shared/schemas/integrations';
import type { InventoryFeedLink, InventoryFeedLinkStatus } from '@shared/schemas/inventory-feed';
import { api } from '@/lib/api-client';

const keysKey = ['integrations', 'api-keys'] as const;
const endpointsKey = ['integrations', 'webhook-endpoints'] as const;
const deliveriesKey = (id: string) => ['integrations', 'webhook-deliveries', id] as const;

export function useApiKeys() {
  return useQuery({ queryKey: keysKey, queryFn: ({ signal }) => api.get<{ keys: ApiKey[] }>('/api/api-keys', { auth: true, signal }) });
}

export function useCreateApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => api.post<CreateApiKeyResponse>('/api/api-keys', { name }, { auth: true }),
    onSuccess: () => void client.invalidateQueries({ queryKey: keysKey }),
  });
}

export function useRevokeApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<{ key: ApiKey }>(`/api/api-keys/${encodeURIComponent(id)}/revoke`, undefined, { auth: true }),
    onSuccess: () => void client.invalidateQueries({ queryKey: keysKey }),
  });
}

export function useWebhookEndpoints() {
  return useQuery({ queryKey: endpointsKey, queryFn: ({ signal }) => api.get<{ endpoints: WebhookEndpoint[] }>('/api/webhooks/endpoints', { auth: true, signal }) });
}

export function useCreateWebhookEndpoint() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (url: string) => api.post<CreateWebhookEndpointResponse>('/api/webhooks/endpoints', { url }, { auth: true }),
    onSuccess: () => void client.invalidateQueries({ queryKey: endpointsKey }),
  });
}

export function useDeleteWebhookEndpoint() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ deleted: boolean }>(`/api/webhooks/endpoints/${encodeURIComponent(id)}`, { auth: true }),
    onSuccess: () => void client.invalidateQueries({ queryKey: endpointsKey }),
  });
}

export function useSendTestWebhook(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ delivery_id: string }>(`/api/webhooks/endpoints/${encodeURIComponent(id)}/test`, undefined, { auth: true }),
    onSuccess: () => void client.invalidateQueries({ queryKey: deliveriesKey(id) }),
  });
}

/** The endpoint's delivery log; refreshed every few seconds while a delivery is still pending. */
export function useWebhookDeliveries(id: string) {
  return useQuery({
    queryKey: deliveriesKey(id),
    queryFn: ({ signal }) => api.get<{ deliveries: WebhookDelivery[] }>(`/api/webhooks/endpoints/${encodeURIComponent(id)}/deliveries`, { auth: true, signal }),
    refetchInterval: (query) => (query.state.data?.deliveries.some((d) => d.status === 'pending') ? 3000 : false),
  });
}

const feedLinkKey = ['integrations', 'inventory-feed-link'] as const;

/** Whether the dealer has a secret inventory feed link, since when, and the account id the API's feed URL names. */
export function useInventoryFeedLink() {
  return useQuery({ queryKey: feedLinkKey, queryFn: ({ signal }) => api.get<InventoryFeedLinkStatus>('/api/inventory-feed/link', { auth: true, signal }) });
}

/** A new secret feed link (shown once); the one before it stops working at once. */
export function useRenewInventoryFeedLink() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<InventoryFeedLink>('/api/inventory-feed/link', undefined, { auth: true }),
    onSuccess: () => void client.invalidateQueries({ queryKey: feedLinkKey }),
  });
}
