import { useMutation } from '@tanstack/react-query';
import type { ContactMessageRequest, ContactMessageResponse } from '@shared/schemas/contact';
import { api } from '@/lib/api-client';

export function sendContactMessage(message: ContactMessageRequest): Promise<ContactMessageResponse> {
  return api.post<ContactMessageResponse>('/api/contact', message, { auth: false });
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
