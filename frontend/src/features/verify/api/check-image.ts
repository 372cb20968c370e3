import { useMutation } from '@tanstack/react-query';
import { checkImageCredentials } from '@/components/content-credentials/check-image-credentials';

/** One check per dropped file; the image is sent to our API only to read its credentials and is not stored. */
export function useCheckImage() {
  return useMutation({ mutationFn: (file: File) => checkImageCredentials(file) });
}
